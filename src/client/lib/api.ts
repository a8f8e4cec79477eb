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

/** A request with the cookies, its body JSON or a Blob as is; a non-OK answer throws an ApiError. */
export async function apiRequest(
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
  signal?: AbortSignal,
): Promise<Response> {
  const json = body !== undefined && !(body instanceof Blob);
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers: json ? { ...headers, 'Content-Type': 'application/json' } : headers,
    body: json ? JSON.stringify(body) : (body as Blob | undefined),
    signal,
  });
  if (response.ok) return response;
  const text = await response.text().catch(() => '');
  throw new ApiError(response.status, text || response.statusText);
}
