import { startTransition, StrictMode } from 'react';
import { hydrateRoot, createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app/app';
import { pageFor } from './app/pages';
import { captureLandingVisit } from './lib/attribution';
import { PageStateContext, takePageState } from './lib/page-state';
import { startTracking } from './lib/tracking/start';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

const app = (
  <StrictMode>
    <PageStateContext value={takePageState()}>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </PageStateContext>
  </StrictMode>
);

captureLandingVisit();
// A page framed by our own site (the questionnaire inside /typeform) leaves tracking to the page
// around it: one pixel and one page view per visit, not a second one inside the frame.
if (window === window.top) startTracking();

// A form submitted before React handles it (still hydrating, or its code still loading) must
// not fall back to the browser's own GET submission, which would reload the page and put the
// visitor's details in the URL. React's handlers run first and prevent the default themselves.
// Forms with an `action` work without script (a lead form posts to its endpoint, decision 090):
// those the page did not handle yet go to the server as they are, and the lead is kept.
window.addEventListener('submit', (event) => {
  const form = event.target instanceof HTMLFormElement ? event.target : null;
  if (!event.defaultPrevented && !form?.hasAttribute('action')) event.preventDefault();
});

// Load the current page's code first so hydration renders exactly the pre-rendered HTML.
// Hydrating inside a transition lets React yield to the browser every few milliseconds
// instead of blocking the main thread for the whole page (the page is already visible).
void pageFor(window.location.pathname.replace(/\/+$/, '') || '/')
  .preload()
  .then(() => {
    if (container.hasChildNodes()) startTransition(() => void hydrateRoot(container, app));
    else createRoot(container).render(app);
  });
