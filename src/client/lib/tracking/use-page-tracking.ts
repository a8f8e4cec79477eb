import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { enterPage, trackOncePerPage, type PixelEvent } from './tracker';

/** The layout's hook: PageView and the content view on the first load and every route change. */
export function useRouteTracking(): void {
  const { pathname } = useLocation();
  useEffect(() => enterPage(pathname), [pathname]);
}

/** A page's event once per view, `delayMs` after it appeared (a constant `event`). */
export function usePageEvent(key: string, event: PixelEvent, delayMs = 0): void {
  const { pathname } = useLocation();
  useEffect(() => {
    const timer = setTimeout(() => trackOncePerPage(pathname, key, event), delayMs);
    return () => clearTimeout(timer);
  }, [pathname, key, event, delayMs]);
}
