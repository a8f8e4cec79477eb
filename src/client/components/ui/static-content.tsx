import { useId, useState, type MouseEvent, type ReactNode } from 'react';
import { useNavigate, type NavigateFunction } from 'react-router';

/**
 * Content with no state and no handler of its own: cards, FAQs, legal text, footer links
 * (decision 172). On a pre-rendered page React keeps the server's HTML of it as it is and does
 * not hydrate it, which shortens hydration, the longest task a phone runs on a page's first load.
 * Rendered after a navigation, where there is no server HTML, it is ordinary React.
 */
export function StaticContent({ children }: { children: ReactNode }) {
  const id = useId();
  // The server's HTML of this very element, found by its id (the same on server and client
  // while hydrating; an id made after hydration never matches one in the page). Handing it back
  // as it is keeps the page whole even if React must render this part afresh.
  const [serverHtml] = useState(() =>
    typeof document === 'undefined' ? undefined : document.getElementById(id)?.innerHTML,
  );
  const navigate = useNavigate();
  const props = { id, className: 'contents', onClick: followInApp(navigate) };
  return serverHtml === undefined ? (
    <div {...props}>{children}</div>
  ) : (
    <div {...props} dangerouslySetInnerHTML={{ __html: serverHtml }} suppressHydrationWarning />
  );
}

/**
 * The kept HTML's links are plain `<a>`s: a click on one to another page of the site is followed
 * in the app, as a router link's would be. Other clicks, and links React renders itself (which
 * handle their own), go on as they are.
 */
const followInApp = (navigate: NavigateFunction) => (event: MouseEvent<HTMLDivElement>) => {
  const modified = event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
  if (event.defaultPrevented || event.button !== 0 || modified) return;
  const link = (event.target as Element).closest('a');
  if (!link || link.target || link.hasAttribute('download')) return;
  const here = window.location;
  if (link.origin !== here.origin) return;
  if (link.pathname === here.pathname && link.hash) return; // an anchor: the browser scrolls
  event.preventDefault();
  const to = link.pathname + link.search + link.hash;
  // As a router link does: the page already shown is replaced, not stacked in the history.
  void navigate(to, { replace: to === here.pathname + here.search + here.hash });
};
