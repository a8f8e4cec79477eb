/**
 * Runs `callback` once the main thread is idle, or after `timeoutMs` at the latest; where the
 * browser has no idle callback (Safari), after `timeoutMs`. Returns its cancellation.
 */
export function whenIdle(callback: () => void, timeoutMs: number): () => void {
  if ('requestIdleCallback' in window) {
    const handle = window.requestIdleCallback(callback, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = setTimeout(callback, timeoutMs);
  return () => clearTimeout(handle);
}
