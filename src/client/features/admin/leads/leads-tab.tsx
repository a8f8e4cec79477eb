import { useEffect, useId, useState } from 'react';
import { Search } from 'lucide-react';
import {
  candidateStatuses,
  closingStatuses,
  companyStatuses,
  leadStatuses,
} from '@shared/lead-status';
import { clsx } from 'clsx';
import { Button } from '../../../components/ui/button';
import { adminToasts } from '../ui/admin-toasts';
import { isUnauthorized } from '../api/http';
import { useLeadPage } from '../api/leads';
import { BulkActions, useSelection } from './bulk-actions';
import { columnsFor, type RowActions } from './columns';
import { LeadBoard } from './board/lead-board';
import { DataTable } from '../ui/data-table';
import { Checkbox, Select } from '../ui/controls';
import { controlClass } from '../../../components/ui/form-field';
import { leadTabs, PAGE_SIZE, type LeadTabId, type TabFilter } from './tabs';
import { formatNumber } from '../ui/format';

const SEARCH_DEBOUNCE_MS = 300;
/** Lead Emails mixes both kinds: each status once, the closing ones last as in both lists. */
const bothPipelines = [
  ...candidateStatuses.slice(0, -closingStatuses.length),
  ...companyStatuses.filter(
    (status) => !candidateStatuses.some((one) => one.value === status.value),
  ),
  ...closingStatuses,
];

function ViewSwitch({ board, onChange }: { board: boolean; onChange(board: boolean): void }) {
  return (
    <div
      role="group"
      aria-label="View"
      className="mb-4 inline-flex gap-1 rounded-lg bg-slate-100 p-1"
    >
      {[false, true].map((value) => (
        <Button
          key={String(value)}
          variant={board === value ? 'dark' : 'ghost'}
          size="sm"
          aria-pressed={board === value}
          onClick={() => onChange(value)}
        >
          {value ? 'Board' : 'List'}
        </Button>
      ))}
    </div>
  );
}

/** One lead tab: a debounced search box, the current page of the table and the pager. */
export function LeadsTab({
  tab,
  filter,
  onFilterChange,
  actions,
  bulk,
}: {
  tab: LeadTabId;
  filter: TabFilter;
  onFilterChange(tab: LeadTabId, filter: TabFilter): void;
  actions: RowActions;
  /** The account may work leads: bulk actions (not on Lead Emails: two tables) and board moves. */
  bulk: boolean;
}) {
  const searchId = useId();
  const [search, setSearch] = useState(filter.q);
  // Lead Emails mixes both kinds: no board; either status.
  const { kind, label, caption } = leadTabs[tab];
  // Spec section 8: the failure's toast, and its text in place of the rows.
  const failure = adminToasts.loadFailed(kind);
  const page = useLeadPage(tab, filter, failure);
  const failed = page.isError && !isUnauthorized(page.error);
  const { offset } = filter;
  const total = page.data?.total ?? 0;
  const to = Math.min(offset + PAGE_SIZE, total);

  useEffect(() => {
    if (search === filter.q) return;
    const timer = setTimeout(
      () => onFilterChange(tab, { ...filter, q: search, offset: 0 }),
      SEARCH_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [search, filter, tab, onFilterChange]);

  const rows = failed ? [] : (page.data?.rows ?? []);
  const selecting = bulk && tab !== 'leadEmails';
  const { selection, rowSelection, selectAllMatching, clear } = useSelection(rows, filter);
  const update = (change: Partial<TabFilter>) => onFilterChange(tab, { ...filter, ...change });
  const viewSwitch = kind && (
    <ViewSwitch board={filter.board === true} onChange={(board) => update({ board })} />
  );
  if (kind && filter.board) {
    return (
      <div className="grid gap-4">
        {viewSwitch}
        <LeadBoard tab={tab} kind={kind} onOpen={actions.openDetail} canEdit={bulk} />
      </div>
    );
  }
  return (
    <div>
      {viewSwitch}
      <div className="mb-4 flex flex-wrap items-end gap-4">
        <div className="grid w-full max-w-md gap-1.5">
          <label htmlFor={searchId} className="text-sm font-medium text-slate-800">
            Search {label.toLowerCase()}
          </label>
          <div className="relative">
            <Search
              className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500"
              aria-hidden="true"
            />
            <input
              id={searchId}
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              placeholder={
                tab === 'leadEmails'
                  ? 'Start of an e-mail address'
                  : 'Start of a name, company or e-mail'
              }
              className={clsx(controlClass, 'pl-9 pr-3 placeholder:text-slate-500')}
            />
          </div>
        </div>
        <Select
          label="Status"
          value={filter.status}
          onChange={(status) => update({ status, offset: 0 })}
          options={kind ? leadStatuses[kind] : bothPipelines}
          empty="All statuses"
          className="w-full max-w-52"
        />
        {kind === 'candidate' && (
          <Checkbox
            className="h-11"
            label="Only possible duplicates"
            checked={filter.duplicates ?? false}
            onChange={(duplicates) => update({ duplicates, offset: 0 })}
          />
        )}
        <Checkbox
          className="h-11"
          label="My leads"
          checked={filter.mine ?? false}
          onChange={(mine) => update({ mine, offset: 0 })}
        />
        {page.isFetching ? (
          <p className="ml-auto text-sm text-slate-600" role="status">
            Loading…
          </p>
        ) : null}
      </div>
      {selecting ? (
        <BulkActions
          tab={tab}
          filter={filter}
          onPage={rows.length}
          total={total}
          capped={page.data?.capped ?? false}
          selection={selection}
          onSelectAllMatching={selectAllMatching}
          onClear={clear}
        />
      ) : null}
      <DataTable
        caption={caption}
        selection={selecting ? rowSelection : undefined}
        columns={columnsFor(tab, actions)}
        rows={rows}
        rowKey={(row) => `${row.kind}-${row.id}`}
        busy={page.isFetching || search !== filter.q}
        query={filter.q}
        empty={
          failed
            ? `Error: ${failure.description}`
            : page.isPending
              ? 'Loading…'
              : filter.q || filter.status || filter.duplicates || filter.mine
                ? 'No leads match this search.'
                : 'No leads yet.'
        }
      />
      <nav
        aria-label="Pagination"
        className="mt-4 flex flex-wrap items-center justify-between gap-3"
      >
        <p className="text-sm text-slate-700" aria-live="polite">
          Showing {formatNumber(total === 0 ? 0 : offset + 1)}–{formatNumber(to)} of{' '}
          {formatNumber(total)}
          {page.data?.capped ? '+' : ''}
        </p>
        <div className="flex gap-2">
          {(
            [
              ['Previous', offset === 0, Math.max(0, offset - PAGE_SIZE)],
              ['Next', to >= total, offset + PAGE_SIZE],
            ] as const
          ).map(([label, disabled, next]) => (
            <Button
              key={label}
              variant="outline"
              size="sm"
              disabled={disabled}
              onClick={() => update({ offset: next })}
            >
              {label}
            </Button>
          ))}
        </div>
      </nav>
    </div>
  );
}
