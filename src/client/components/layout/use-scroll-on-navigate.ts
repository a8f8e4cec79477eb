import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Every navigation starts at the top of the page (spec section 2), unless the URL names an
 * anchor such as /candidates#top, which is scrolled into view instead.
 */
export function useScrollOnNavigate(): void {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [pathname, hash]);
}
