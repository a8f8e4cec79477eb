import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** A navigation starts at the top or the URL's anchor (spec 2); the first render stays put. */
export function useScrollOnNavigate(): void {
  const { pathname, hash } = useLocation();
  const navigationType = useNavigationType();
  // The location on screen; it starts as the one the page was loaded at.
  const shown = useRef({ pathname, hash });
  useEffect(() => {
    const previous = shown.current;
    if (previous.pathname === pathname && previous.hash === hash) return;
    shown.current = { pathname, hash };
    // A plain anchor on the same page (or Back within it): the browser scrolls there itself, and
    // a second scroll while its own is under way could overshoot the anchor.
    if (navigationType === 'POP' && previous.pathname === pathname) return;
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    // Instant: a smooth scroll is cut short when the layout settles (a lazy section arriving).
    if (target) target.scrollIntoView({ behavior: 'instant' });
    else window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname, hash, navigationType]);
}
