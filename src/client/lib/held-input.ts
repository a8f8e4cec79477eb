// What arrived before the app listened (page-boot.ts, entry-client.tsx), replayed once: a click
// when the page has hydrated, so a tap never does nothing; a lead form's submit when its lazy
// form (lazy-form.tsx) is live, so the visitor gets the JS flow.
let heldClick: HTMLElement | null = null;
let heldSubmit: HTMLFormElement | null = null;

export function holdClick(button: HTMLElement | null): void {
  heldClick = button;
}

export function replayHeldClick(): void {
  const button = heldClick;
  heldClick = null;
  if (button?.isConnected) button.click();
}

export function holdSubmit(form: HTMLFormElement): void {
  heldSubmit = form;
}

/** The held form if it is inside `container` (taken: it is replayed once). */
export function takeHeldSubmit(container: HTMLElement): HTMLFormElement | null {
  if (!heldSubmit || !container.contains(heldSubmit)) return null;
  const form = heldSubmit;
  heldSubmit = null;
  return form;
}

// Hydration sets a server-rendered <textarea> back to its rendered text (React's initTextarea),
// over what was typed while the code loaded: kept from just before, put back once hydrated.
const typedText = new Map<HTMLTextAreaElement, string>();
const keepTyped = ({ target }: Event) =>
  target instanceof HTMLTextAreaElement && typedText.set(target, target.value);

export function holdTypedText(container: HTMLElement): void {
  for (const area of container.querySelectorAll('textarea'))
    if (area.value !== area.defaultValue) typedText.set(area, area.value);
  document.addEventListener('input', keepTyped, true);
}

export function replayTypedText(): void {
  document.removeEventListener('input', keepTyped, true);
  for (const [area, value] of typedText) area.value = value;
  typedText.clear();
}
