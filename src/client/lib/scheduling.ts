// When to run work so that it delays no paint and no answer to input.

/** Ends the current task: the browser may paint and answer input before the work that follows. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve));
}

/** After the next frame is painted, so the work then delays no feedback (hidden: next task). */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (document.hidden) setTimeout(resolve);
    else requestAnimationFrame(() => setTimeout(resolve));
  });
}

/** Runs `callback` when idle, or after `timeoutMs` at the latest; returns its cancellation. */
export function whenIdle(callback: () => void, timeoutMs: number): () => void {
  if ('requestIdleCallback' in window) {
    const handle = window.requestIdleCallback(callback, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = setTimeout(callback, timeoutMs);
  return () => clearTimeout(handle);
}
