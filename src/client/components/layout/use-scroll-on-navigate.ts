import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * Every navigation starts at the top of the page (spec section 2), unless the URL names an
 * anchor such as /candidates#top, which is scrolled into view instead.
 *
 * Not on the first render: the browser has already placed a freshly loaded page (at the top,
 * or at its anchor), and a visitor who started scrolling while the app was still loading must
 * not be thrown back to the top when it starts.
 */
export function useScrollOnNavigate(): void {
  const { pathname, hash } = useLocation();
  // The location on screen; it starts as the one the page was loaded at.
  const shown = useRef(pathname + hash);
  useEffect(() => {
    if (shown.current === pathname + hash) return;
    shown.current = pathname + hash;
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [pathname, hash]);
}
