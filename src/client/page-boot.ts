// A public page's one inline script: the app's code loads after the first paint
// or at the first interaction; until it hydrates, a form's submit and a button's click are held
// for it to replay. The build inlines it into every public page; the CSP allows its hash.

/** What the inline script hands to the app's code when that code is about to hydrate. */
export interface PageBoot {
  /** Ends the holding and gives what was held: the app's own listeners take over. */
  take(): { submit: HTMLFormElement | null; click: HTMLElement | null };
}

declare global {
  interface Window {
    pageBoot?: PageBoot;
  }
}

import { captureLandingVisit } from './lib/attribution';
import { sendVisitBeacon } from './lib/tracking/visit-beacon';

const script = document.currentScript as HTMLScriptElement;

// Fields filled in from an earlier page (form-field.tsx: data-prefill, data-locked) show their
// value as soon as the form is painted; hydration then renders the same.
try {
  for (const input of document.querySelectorAll<HTMLInputElement>('input[data-prefill]')) {
    const value = sessionStorage.getItem(input.dataset.prefill ?? '');
    if (!value || input.value) continue; // typed, restored or rendered by the server already
    input.value = value;
    if (input.dataset.locked === undefined) continue;
    input.readOnly = true;
    const hint = document.getElementById(`${input.id}-hint`);
    if (!hint) continue;
    hint.hidden = false;
    input.setAttribute('aria-describedby', hint.id);
  }
} catch {
  // Storage blocked: nothing to fill in.
}

let submit: HTMLFormElement | null = null;
let click: HTMLElement | null = null;
const INTENT = ['pointerdown', 'keydown', 'focusin', 'touchstart'];
const intent = { capture: true, passive: true };
let loading = false;
let counted = false;

// The landing's UTM kept and the visit counted even if a link is followed before the app's
// code arrives; storage and sendBeacon wait on the browser, so in tasks of their own.
function countVisit() {
  if (counted) return;
  counted = true;
  captureLandingVisit();
  // A framed page (the questionnaire in /typeform) is counted by the page around it.
  if (window === window.top) setTimeout(sendVisitBeacon);
}

// The landing is kept at once: a link may be about to be followed.
function onIntent() {
  countVisit();
  load();
}

function load() {
  if (loading) return;
  loading = true;
  setTimeout(countVisit);
  for (const type of INTENT) document.removeEventListener(type, onIntent, intent);
  for (const href of script.dataset.preload?.split(' ') ?? []) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
  const entry = document.createElement('script');
  entry.type = 'module';
  entry.src = script.dataset.entry ?? '';
  // No code after all (offline, blocked): a held form goes to the server as without JS.
  entry.onerror = () => {
    const form = take().submit;
    if (form) HTMLFormElement.prototype.submit.call(form);
  };
  document.head.append(entry);
}

// A lead form posted now would leave the JS flow (toasts, session keys): held for the app.
// /contact's GET choice and the status page's plain posts go to the server as they are.
function onSubmit(event: SubmitEvent) {
  const form = event.target as HTMLFormElement;
  if (form.method !== 'post' || form.hasAttribute('data-plain-post')) return;
  event.preventDefault();
  submit = form;
  load();
}

// A button that does nothing without the app (the menu toggle, a tab, "back to the form"):
// its last click is replayed once the page has hydrated. Links and <details> work as they are.
function onClick(event: MouseEvent) {
  const button = (event.target as Element).closest?.<HTMLElement>('button[type="button"]');
  if (button) click = button;
}

function take() {
  removeEventListener('submit', onSubmit);
  document.removeEventListener('click', onClick, true);
  const held = { submit, click };
  submit = click = null;
  return held;
}

window.pageBoot = { take };
addEventListener('submit', onSubmit);
document.addEventListener('click', onClick, true);
for (const type of INTENT) document.addEventListener(type, onIntent, intent);
// After `load` and the first contentful paint (its entry comes once it is on screen, later than
// the frame that drew it); without paint timing, the frame after `load`.
function afterFirstPaint() {
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    requestAnimationFrame(() => setTimeout(load));
    return;
  }
  new PerformanceObserver((entries, observer) => {
    if (!entries.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    setTimeout(load);
  }).observe({ type: 'paint', buffered: true });
}
addEventListener('load', afterFirstPaint, { once: true });
