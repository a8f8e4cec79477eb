/** Thrown for any non-OK answer; the message follows the spec's '{status}: {body or status text}'. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`${status}: ${body}`);
    this.name = 'ApiError';
  }
}

/** A request with the cookies, its body as JSON; any non-OK answer throws an ApiError. */
export async function apiRequest(method: string, url: string, body?: unknown): Promise<Response> {
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (response.ok) return response;
  const text = await response.text().catch(() => '');
  throw new ApiError(response.status, text || response.statusText);
}
