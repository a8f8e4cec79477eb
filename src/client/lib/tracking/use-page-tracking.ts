import { useEffect } from 'react';
import { useLocation } from 'react-router';
import type { PixelEvent } from './events';
import { enterPage, trackOncePerPage } from './tracker';

/** The layout's hook: PageView and the content view on the first load and every route change. */
export function useRouteTracking(): void {
  const { pathname } = useLocation();
  useEffect(() => enterPage(pathname), [pathname]);
}

/**
 * A page's own event, once per page view, `delayMs` after the page appeared; leaving sooner
 * cancels it. Safe under strict mode: the first timer is cleared and the key is sent once.
 * `event` must be a constant (events.ts), or every render would restart the timer.
 */
export function usePageEvent(key: string, event: PixelEvent, delayMs = 0): void {
  const { pathname } = useLocation();
  useEffect(() => {
    const timer = setTimeout(() => trackOncePerPage(pathname, key, event), delayMs);
    return () => clearTimeout(timer);
  }, [pathname, key, event, delayMs]);
}
