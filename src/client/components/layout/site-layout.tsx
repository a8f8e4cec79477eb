import { lazy, Suspense, use, useEffect, useLayoutEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import type * as Head from '../../app/head';
import { loadCode } from '../../lib/load-code';
import { site } from '../../lib/site';
import { useOptInMode } from '../../lib/tracking/use-opt-in-mode';
import { useRouteTracking } from '../../lib/tracking/use-page-tracking';
import { LazyToaster } from '../ui/lazy-toaster';
import { Footer } from './footer';
import { NetworkCanvas } from './network/network-canvas';
import { PageErrorBoundary } from './message-page';
import { TopBar } from './top-bar';

const ConsentBannerHost = lazy(() => loadCode(() => import('./consent-banner')));

/** The head's code, loaded once a route's canonical link names another path. */
let headCode: Promise<typeof Head | undefined> | undefined;

/** Keeps the head in step with the route, changed in the commit that shows the page. */
function usePageHead(): void {
  const { pathname } = useLocation();
  const stale =
    typeof document !== 'undefined' &&
    document.head.querySelector('link[rel="canonical"]')?.getAttribute('href') !==
      site.siteUrl + pathname;
  // Failing to load again after its reload, the head stays as it is: the page still shows.
  const head = stale
    ? use((headCode ??= loadCode(() => import('../../app/head')).catch(() => undefined)))
    : undefined;
  useLayoutEffect(() => head?.applyHead(head.headFor(pathname, site), site), [head, pathname]);
}

/** A navigation starts at the top or the URL's anchor (spec 2), the focus in the new main. */
function useScrollOnNavigate(): void {
  const { pathname, hash } = useLocation();
  const navigationType = useNavigationType();
  const shown = useRef({ pathname, hash });
  useEffect(() => {
    const previous = shown.current;
    if (previous.pathname === pathname && previous.hash === hash) return;
    shown.current = { pathname, hash };
    // An anchor on this page (or Back within it): the browser scrolls; a second could overshoot.
    if (navigationType === 'POP' && previous.pathname === pathname) return;
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    // Instant: a smooth scroll is cut short when the layout settles (a lazy section arriving).
    if (target) target.scrollIntoView({ behavior: 'instant' });
    else window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    // A new page: the focus starts in it (a screen reader reads it), not on the page's <body>.
    if (previous.pathname !== pathname)
      document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname, hash, navigationType]);
}

export function SiteLayout() {
  const { pathname } = useLocation();
  usePageHead();
  useScrollOnNavigate();
  useRouteTracking();
  const optIn = useOptInMode();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 text-navy-950 focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Skip to content
      </a>
      {/* Early in the tab order, though it is shown at the bottom: a keyboard user meets it first.
          Opt-in mode's banner is never pre-rendered, so hydration matches. */}
      {optIn ? (
        <Suspense fallback={null}>
          <ConsentBannerHost />
        </Suspense>
      ) : null}
      <NetworkCanvas />
      <TopBar />
      <main id="main" tabIndex={-1} className="flex-1 pt-24 outline-none max-md:noscript:pt-0">
        {/* A new page gets a new boundary: one page's failure does not stay on the next. */}
        <PageErrorBoundary key={pathname}>
          <Outlet />
        </PageErrorBoundary>
      </main>
      <Footer />
      <LazyToaster />
    </div>
  );
}
