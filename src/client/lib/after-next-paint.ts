/**
 * Resolves once the browser has painted the next frame: work started then no longer delays the
 * feedback of the interaction that asked for it (Interaction to Next Paint, decision 172).
 * A hidden page paints no frames, so there it resolves at the next task.
 */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (document.hidden) setTimeout(resolve);
    else requestAnimationFrame(() => setTimeout(resolve));
  });
}
