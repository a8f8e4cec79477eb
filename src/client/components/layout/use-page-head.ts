import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { site } from '../../lib/site';

/**
 * Keeps title, canonical and every meta tag (description, Open Graph, Twitter card, robots) in
 * step with the route. A pre-rendered page already says all of it, so the head code (every
 * route's meta, ~2.5 KB gzip) loads only when the canonical names another path: after an
 * in-app navigation, or on the shared not-found file, whose canonical must name the path
 * actually requested. That keeps it out of the first load (decision 005).
 */
export function usePageHead(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    const canonical = document.head.querySelector('link[rel="canonical"]');
    if (canonical?.getAttribute('href') === site.siteUrl + pathname) return;
    let current = true;
    void import('../../app/head').then(({ applyHead, headFor }) => {
      if (current) applyHead(headFor(pathname, site), site);
    });
    return () => {
      current = false;
    };
  }, [pathname]);
}
