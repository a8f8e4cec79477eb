// A button clicked before the page hydrated (held by page-boot.ts): clicked again once the app
// listens, so a tap never does nothing (docs/decisions/164).
let held: HTMLElement | null = null;

export function holdClick(button: HTMLElement | null): void {
  held = button;
}

/** Called once the page has hydrated: the held click happens now, once. */
export function replayHeldClick(): void {
  const button = held;
  held = null;
  if (button?.isConnected) button.click();
}
