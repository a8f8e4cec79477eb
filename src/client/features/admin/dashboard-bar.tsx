import { useEffect, useId, useRef, useState } from 'react';
import { Search, type LucideIcon } from 'lucide-react';
import { clsx } from 'clsx';
import { Button } from '../../components/ui/button';
import { controlClass } from '../../components/ui/form-field';
import { AccountMenu, type AccountPage } from './account-menu';
import { leadTabs, type LeadTabId } from './leads/tabs';

const SEARCH_DEBOUNCE_MS = 300;

// What a prefix search finds on each tab (lead-search.ts): candidates by their phone's digits too.
const placeholders: Record<LeadTabId, string> = {
  questionnaireLeads: 'Start of a name, e-mail or phone',
  candidates: 'Start of a name, e-mail or phone',
  companies: 'Start of a company, name or e-mail',
  leadEmails: 'Start of an e-mail address',
};

type LeadSearch = { tab: LeadTabId; value: string; onSearch(q: string): void };

/** The open lead tab's search, sent once typing pauses; a search changed elsewhere is shown. */
function SearchField({ tab, value, onSearch }: LeadSearch) {
  const id = useId();
  const [text, setText] = useState(value);
  // The last search this field sent or was given: a different one came from elsewhere (Back).
  const [known, setKnown] = useState(value);
  if (value !== known) {
    setKnown(value);
    setText(value);
  }
  useEffect(() => {
    if (text === known) return;
    const timer = setTimeout(() => {
      setKnown(text);
      onSearch(text);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, known, onSearch]);

  return (
    <div className="relative w-full sm:max-w-md sm:flex-1">
      <label htmlFor={id} className="sr-only">
        Search {leadTabs[tab].label.toLowerCase()}
      </label>
      <Search
        className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500"
        aria-hidden="true"
      />
      <input
        id={id}
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={placeholders[tab]}
        className={clsx(controlClass, 'h-9 pl-9 pr-3 placeholder:text-slate-500')}
      />
    </div>
  );
}

export type BarAction = { label: string; Icon: LucideIcon; run(): void; busy: boolean };

/** The dashboard's own bar: it wraps on a phone; the navigation below it never does. */
export function DashboardBar({
  search,
  actions,
  onAccountPage,
  takeFocus,
}: {
  search: LeadSearch | null;
  actions: readonly BarAction[];
  onAccountPage(page: AccountPage): void;
  takeFocus: boolean;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (takeFocus) heading.current?.focus();
  }, [takeFocus]);
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-3">
      <h1 ref={heading} tabIndex={-1} className="text-2xl focus:outline-none sm:text-3xl">
        Lead Dashboard
      </h1>
      {/* One field per tab: each keeps what was typed in it until it is sent. */}
      {search ? <SearchField key={search.tab} {...search} /> : null}
      <div className="flex flex-wrap items-center gap-2 sm:ml-auto">
        {actions.map(({ label, Icon, run, busy }) => (
          <Button
            key={label}
            variant={label === 'Logout' ? 'dark' : 'outline'}
            size="sm"
            onClick={run}
            aria-disabled={busy}
          >
            <Icon className="size-4" aria-hidden="true" />
            {label}
          </Button>
        ))}
        <AccountMenu onOpen={onAccountPage} />
      </div>
    </div>
  );
}
