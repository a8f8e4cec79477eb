import { startTransition, StrictMode } from 'react';
import { hydrateRoot, createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app/app';
import { pageFor } from './app/pages';
import { captureLandingVisit } from './lib/attribution';
import { holdClick } from './lib/held-click';
import { holdSubmit } from './lib/held-submit';
import { PAGE_STATE_ELEMENT_ID } from '@shared/page-state';
import { startTracking } from './lib/tracking/start';
import { sendVisitBeacon } from './lib/tracking/visit-beacon';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

const app = (
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>
);

// A page the server rendered with a form's state (decision 090) hydrates with that state; its
// reader loads only then (pre-rendered pages, nearly all visits, have no state block).
const stateBlock = document.getElementById(PAGE_STATE_ELEMENT_ID);

captureLandingVisit(); // done already by a public page's inline script; the dev server has none
// A page framed by our own site (the questionnaire inside /typeform) leaves tracking to the page
// around it: one pixel and one page view per visit, not a second one inside the frame.
if (window === window.top) startTracking();

// A lead form submitted before React handles it is held for its lazy form to replay
// (held-submit.ts); /contact's GET choice form and the status page's plain posts
// (data-plain-post) go to the server as they are.
window.addEventListener('submit', (event) => {
  const form = event.target as HTMLFormElement;
  const plain =
    (form.method === 'get' && form.hasAttribute('action')) || form.hasAttribute('data-plain-post');
  if (event.defaultPrevented || plain) return;
  event.preventDefault();
  holdSubmit(form); // replayed only by a lazy form that contains it
});

// The page's code first, so hydration renders the pre-rendered HTML; in a transition, so
// React yields to the browser instead of blocking the main thread.
void pageFor(window.location.pathname.replace(/\/+$/, '') || '/')
  .preload()
  .then(
    () =>
      stateBlock &&
      import('./lib/take-page-state').then((module) => module.takePageState(stateBlock)),
  )
  .then(() => {
    // What the page's inline script held before now (page-boot.ts), replayed once React listens.
    const held = window.pageBoot?.take();
    if (held?.submit) holdSubmit(held.submit);
    holdClick(held?.click ?? null);
    if (container.hasChildNodes()) startTransition(() => void hydrateRoot(container, app));
    else createRoot(container).render(app);
    // Public pages are counted by their inline script (page-boot.ts); the dev server has none.
    if (!held && window === window.top) sendVisitBeacon();
  });
