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
    // Instant, whatever the stylesheet's smooth scrolling says: a new page has nothing to glide
    // over, and a smooth scroll is cut short when the page's layout settles mid-way (a lazy
    // section arriving), leaving the visitor a little below the top.
    if (target) target.scrollIntoView({ behavior: 'instant' });
    else window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname, hash]);
}
