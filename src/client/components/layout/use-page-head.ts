import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { applyHead, headFor } from '../../app/head';
import { site } from '../../lib/site';

/**
 * Keeps title, canonical and every meta tag (description, Open Graph, Twitter card, robots) in
 * step with the route. On the first render this repeats what the pre-rendered HTML already
 * says, except on the shared not-found file, whose canonical must name the path actually
 * requested.
 */
export function usePageHead(): void {
  const { pathname } = useLocation();
  useEffect(() => applyHead(headFor(pathname, site), site), [pathname]);
}
