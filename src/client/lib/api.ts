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

/**
 * POSTs JSON and returns the parsed answer. Any non-OK status or network failure rejects,
 * which every form treats as a failed submission (spec section 7).
 */
export async function postJson<T = unknown>(path: string, body?: unknown): Promise<T> {
  const response = await fetch(path, {
    method: 'POST',
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'same-origin',
  });
  const text = await response.text();
  if (!response.ok) throw new ApiError(response.status, text || response.statusText);
  return (text ? JSON.parse(text) : {}) as T;
}
