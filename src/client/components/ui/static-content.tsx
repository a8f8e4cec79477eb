import { useId, useState, type MouseEvent, type ReactNode } from 'react';
import { useNavigate, type NavigateFunction } from 'react-router';

// Content with no state or handler (cards, FAQs, legal text): a pre-rendered page keeps its server
// HTML unhydrated, which shortens hydration, a phone's longest task; after a navigation, React.
export function StaticContent({ children }: { children: ReactNode }) {
  const id = useId();
  // Found by its id (an id made after hydration matches none); handed back, it keeps the page
  // whole even if React renders this part afresh.
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

/** The kept HTML's links are plain `<a>`s: one to another page is followed in the app. */
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
