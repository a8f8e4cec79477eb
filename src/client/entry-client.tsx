import { startTransition, StrictMode } from 'react';
import { hydrateRoot, createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app/app';
import { pageFor } from './app/pages';
import { captureLandingVisit } from './lib/attribution';
import { holdClick, holdSubmit, holdTypedText } from './lib/held-input';
import { nextTask } from './lib/scheduling';
import { PAGE_STATE_ELEMENT_ID } from '@shared/page-state';
import { startTracking } from './lib/tracking/start';
import { sendVisitBeacon } from './lib/tracking/visit-beacon';
import './styles.css';

const container = document.getElementById('root') as HTMLElement;

const app = (
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>
);

// A page the server rendered with a form's state hydrates with it; its reader loads only then.
const stateBlock = document.getElementById(PAGE_STATE_ELEMENT_ID);

// A lead form submitted before React handles it is held for its lazy form to replay (page-boot.ts).
window.addEventListener('submit', (event) => {
  const form = event.target as HTMLFormElement;
  const plain =
    (form.method === 'get' && form.hasAttribute('action')) || form.hasAttribute('data-plain-post');
  if (event.defaultPrevented || plain) return;
  event.preventDefault();
  holdSubmit(form); // replayed only by a lazy form that contains it
});

// In stages, each its own task, so none blocks a phone long: this module, tracking, the page's
// code, then hydration, in a transition so React yields as it goes.
async function start() {
  const boot = window.pageBoot;
  await nextTask();
  if (!boot) captureLandingVisit(); // the dev server's pages have no inline script
  // A page framed by our own site (/typeform's questionnaire) leaves tracking to the page around.
  if (window === window.top) startTracking();
  await nextTask();
  // The page's code first, so hydration renders the pre-rendered HTML.
  await pageFor(window.location.pathname.replace(/\/+$/, '') || '/').preload();
  if (stateBlock) await import('./lib/take-page-state').then((m) => m.takePageState(stateBlock));
  await nextTask();
  // What the page's inline script held before now (page-boot.ts), replayed once React listens.
  const held = boot?.take();
  if (held?.submit) holdSubmit(held.submit);
  holdClick(held?.click ?? null);
  holdTypedText(container);
  if (container.hasChildNodes()) startTransition(() => void hydrateRoot(container, app));
  else createRoot(container).render(app);
  // Public pages are counted by their inline script (page-boot.ts); the dev server has none.
  if (!boot && window === window.top) sendVisitBeacon();
}
void start();
