/** Ends the current task: the browser may paint and answer input before the work that follows. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve));
}
