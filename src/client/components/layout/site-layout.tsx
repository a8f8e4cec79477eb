import { Outlet } from 'react-router';
import { useRouteTracking } from '../../lib/tracking/use-page-tracking';
import { LazyToaster } from '../ui/lazy-toaster';
import { ConsentSlot } from './consent-slot';
import { Footer } from './footer';
import { NetworkCanvas } from './network/network-canvas';
import { TopBar } from './top-bar';
import { usePageHead } from './use-page-head';
import { useScrollOnNavigate } from './use-scroll-on-navigate';

export function SiteLayout() {
  usePageHead();
  useScrollOnNavigate();
  useRouteTracking();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 text-navy-950 focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Skip to content
      </a>
      {/* Early in the tab order, though it is shown at the bottom: a keyboard user meets it first. */}
      <ConsentSlot />
      <NetworkCanvas />
      <TopBar />
      <main id="main" tabIndex={-1} className="flex-1 pt-24 outline-none">
        <Outlet />
      </main>
      <Footer />
      <LazyToaster />
    </div>
  );
}
