import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { site } from '../../lib/site';

/** Keeps the head in step with the route; its code loads only once the canonical is wrong. */
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
