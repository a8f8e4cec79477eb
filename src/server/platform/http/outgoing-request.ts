/** A request to another service: no redirect followed, given up after `timeoutMs`. */
export async function outgoingRequest(
  what: string,
  url: string,
  init: RequestInit,
  timeoutMs: number,
): Promise<Response> {
  try {
    return await fetch(url, {
      ...init,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    // "fetch failed" alone says nothing: name the cause (ECONNREFUSED, a timeout...).
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    throw new Error(`${what} request failed: ${cause?.code ?? cause?.message ?? String(error)}`);
  }
}
