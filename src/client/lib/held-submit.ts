/**
 * A lead form submitted after the page's script started but before the form's own handler
 * exists (the page is still hydrating): held here, then taken by its lazy form once that is
 * listening (lazy-form.tsx), so the visitor gets the JS flow, toasts and all. Without any
 * script the browser posts the form itself (docs/decisions/090).
 */
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
