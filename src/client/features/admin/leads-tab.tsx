import { useEffect, useId, useState } from 'react';
import { Search } from 'lucide-react';
import { toast } from '../../lib/toast-store';
import { adminToasts } from './admin-toasts';
import { isUnauthorized } from './api/http';
import { useLeadPage } from './api/leads';
import { candidateColumns, companyColumns, emailLeadColumns, type RowActions } from './columns';
import { LeadTable, Pager, type Column } from './lead-table';
import type { CandidateLead, CompanyLead, EmailLead } from './leads';
import { leadTabs, PAGE_SIZE, type LeadTabId, type TabFilter } from './tabs';

const SEARCH_DEBOUNCE_MS = 300;

function columnsFor(tab: LeadTabId, actions: RowActions) {
  if (tab === 'companies') return companyColumns(actions) as Column<{ id: number }>[];
  if (tab === 'leadEmails') return emailLeadColumns(actions) as Column<{ id: number }>[];
  return candidateColumns(actions, {
    questionnaire: tab === 'questionnaireLeads',
  }) as Column<{ id: number }>[];
}

type AnyLead = CandidateLead | CompanyLead | EmailLead;

/** One lead tab: a debounced search box, the current page of the table and the pager. */
export function LeadsTab({
  tab,
  filter,
  onFilterChange,
  onTotal,
  actions,
}: {
  tab: LeadTabId;
  filter: TabFilter;
  onFilterChange(filter: TabFilter): void;
  onTotal(total: number): void;
  actions: RowActions;
}) {
  const searchId = useId();
  const [search, setSearch] = useState(filter.q);
  const page = useLeadPage<AnyLead>(tab, filter);
  const definition = leadTabs[tab];

  useEffect(() => {
    if (search === filter.q) return;
    const timer = setTimeout(() => onFilterChange({ q: search, offset: 0 }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search, filter.q, onFilterChange]);

  const total = page.data?.total;
  useEffect(() => {
    if (total !== undefined) onTotal(total);
  }, [total, onTotal]);

  // Spec section 8: 'Error' — 'Failed to load candidate data' / '… company data', as a toast
  // and in place of the rows, while the failure lasts.
  const failure =
    tab === 'companies' ? adminToasts.companyLoadFailed : adminToasts.candidateLoadFailed;
  const { isError, error, errorUpdatedAt } = page;
  const failed = isError && !isUnauthorized(error);
  useEffect(() => {
    if (failed) toast(failure);
  }, [failed, failure, errorUpdatedAt]);

  const rows = failed ? [] : (page.data?.rows ?? []);
  return (
    <div>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-4">
        <div className="grid w-full max-w-md gap-1.5">
          <label htmlFor={searchId} className="text-sm font-medium text-slate-800">
            Search {definition.label.toLowerCase()}
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
              className="block h-11 w-full rounded-lg border border-slate-300 bg-white pl-9 pr-3 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus-visible:border-accent-strong focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-accent-strong"
            />
          </div>
        </div>
        {page.isFetching ? (
          <p className="text-sm text-slate-600" role="status">
            Loading…
          </p>
        ) : null}
      </div>
      <LeadTable
        caption={definition.caption}
        columns={columnsFor(tab, actions)}
        rows={rows}
        rowKey={(row) => `${'type' in row ? row.type : tab}-${row.id}`}
        busy={page.isFetching || search !== filter.q}
        query={filter.q}
        empty={
          failed
            ? `Error: ${failure.description}`
            : page.isPending
              ? 'Loading…'
              : filter.q
                ? 'No leads match this search.'
                : 'No leads yet.'
        }
      />
      <Pager
        offset={filter.offset}
        pageSize={PAGE_SIZE}
        total={total ?? 0}
        capped={page.data?.capped ?? false}
        onChange={(offset) => onFilterChange({ ...filter, offset })}
      />
    </div>
  );
}
