import { useCallback, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { emptyFilter, type TabFilter } from './tabs';

/*
 * The tab and its list's filters, sort and page live in /admin's URL: a reload or a shared link
 * shows the same list. The search (a name, e-mail or phone) is in the history entry's state
 * instead, which a reload and Back keep and a link does not carry.
 */

export const FIRST_TAB = 'questionnaireLeads';

/** A filter's URL parameters: text ones as they are, flags as 1, the board as view=board. */
const texts = ['status', 'sort', 'account', 'action'] as const;
const flags = ['duplicates', 'mine'] as const;
// An older link's ?q= goes at the first change.
const filterParams = [...texts, ...flags, 'offset', 'view', 'q'];

/** The search of a history entry's state (`location.state`), as a state to write with the next. */
export const searchState = (state: unknown) => ({ q: (state as { q?: string } | null)?.q ?? '' });

function filterOf(params: URLSearchParams, q: string): TabFilter {
  const offset = Math.max(0, Math.floor(Number(params.get('offset'))) || 0);
  const filter: TabFilter = { q, status: '', offset };
  for (const name of texts) filter[name] = params.get(name) ?? '';
  for (const flag of flags) if (params.get(flag) === '1') filter[flag] = true;
  if (params.get('view') === 'board') filter.board = true;
  return filter;
}

function withFilter(params: URLSearchParams, filter: TabFilter): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of filterParams) next.delete(name);
  for (const name of texts) if (filter[name]) next.set(name, filter[name]);
  for (const flag of flags) if (filter[flag]) next.set(flag, '1');
  if (filter.offset > 0) next.set('offset', String(filter.offset));
  if (filter.board) next.set('view', 'board');
  return next;
}

/**
 * The URL's query as the address bar has it. A navigation renders in a transition, later:
 * useSearchParams' own (`current`) is the last one rendered, and building on it would undo a
 * navigation not rendered yet (a tab clicked, then a search typed on a busy machine).
 */
export const addressBar = () => new URLSearchParams(window.location.search);

/** The view (a tab's id, or an account page's) and each view's last filter. */
type Shown = { tab: string; filters: Partial<Record<string, TabFilter>> };

/** The URL's tab and filter, and the entry's search, over the other tabs' last ones. */
function readUrl(params: URLSearchParams, q: string, { filters }: Pick<Shown, 'filters'>): Shown {
  const tab = params.get('tab') ?? FIRST_TAB;
  return { tab, filters: { ...filters, [tab]: filterOf(params, q) } };
}

/**
 * The tab (?tab=) and its list's filter, read from the URL and written to it. Shown at once from
 * state (a navigation renders later); the URL wins when it changes by itself (Back, a link).
 */
export function useDashboardUrl() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const { q } = searchState(location.state);
  // Each rendered navigation is read, even one back to the entry last read: Back pressed before a
  // tab's own navigation rendered returns to the entry it left, whose tab must show again.
  const [observed, setObserved] = useState(location);
  const [shown, setShown] = useState(() => readUrl(params, q, { filters: {} }));
  if (location !== observed) {
    setObserved(location);
    setShown(readUrl(params, q, shown));
  }
  const { tab, filters } = shown;

  // A new tab is a step Back returns from: one, though Radix asks on the press and the focus.
  const setTab = useCallback(
    (next: string) => {
      if ((addressBar().get('tab') ?? FIRST_TAB) === next) return;
      setShown({ tab: next, filters });
      const filter = filters[next] ?? emptyFilter;
      const url = withFilter(addressBar(), filter);
      if (next === FIRST_TAB) url.delete('tab');
      else url.set('tab', next);
      setParams(url, { state: { q: filter.q } });
    },
    [filters, setParams],
  );
  // Typing and filtering replace the entry: Back leaves the list, not each keystroke.
  const setFilter = useCallback(
    (filter: TabFilter) => {
      setShown((current) => ({
        ...current,
        filters: { ...current.filters, [current.tab]: filter },
      }));
      setParams(withFilter(addressBar(), filter), { replace: true, state: { q: filter.q } });
    },
    [setParams],
  );
  return { tab, filter: filters[tab] ?? emptyFilter, setTab, setFilter };
}
