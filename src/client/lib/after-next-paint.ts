/**
 * Resolves once the next frame is painted, so work started then delays no interaction's feedback;
 * on a hidden page (no frames), at the next task.
 */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (document.hidden) setTimeout(resolve);
    else requestAnimationFrame(() => setTimeout(resolve));
  });
}
