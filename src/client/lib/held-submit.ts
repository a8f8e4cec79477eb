// A lead form submitted while the page hydrates: held until its lazy form takes it
// (lazy-form.tsx), so the visitor gets the JS flow. Without script the browser posts it.
let held: HTMLFormElement | null = null;

export function holdSubmit(form: HTMLFormElement): void {
  held = form;
}

/** The held form if it is inside `container` (taken: it is replayed once). */
export function takeHeldSubmit(container: HTMLElement): HTMLFormElement | null {
  if (!held || !container.contains(held)) return null;
  const form = held;
  held = null;
  return form;
}
