import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { auditActionLabels, auditActions, type AuditEntry } from '@shared/admin-audit';
import type { LeadKind } from '@shared/lead-status';
import { useAccounts } from '../api/accounts';
import { getPage } from '../api/leads';
import type { TabFilter } from '../leads/tabs';
import { DataTable } from '../ui/data-table';
import { LeadButton, Select } from '../ui/controls';
import { formatDate } from '../ui/format';
import { Pager } from '../ui/pager';

const PAGE_SIZE = 50;

type Names = Record<'account' | 'invitation', ReadonlyMap<string, string>>;

/**
 * A detail as an owner reads it: "account 2" by its name, "invitation 3" by its address while the
 * Accounts list still has it (the log keeps ids, not names), a role change as from and to.
 */
const inWords = (detail: string, names: Names) =>
  detail
    .replace(/\b(account|invitation) (\d+)\b/g, (said, what: keyof Names, id: string) => {
      const name = names[what].get(id);
      return name ? `${name} (${said})` : said;
    })
    .replace(/\brole (\w+) -> (\w+)/, 'role from $1 to $2');

/** The owner's log, a page at the filter's offset, its account and action (all in the URL). */
export function AuditTab({
  filter,
  onFilterChange,
  onOpenLead,
}: {
  filter: TabFilter;
  onFilterChange(filter: TabFilter): void;
  onOpenLead(kind: LeadKind, id: number): void;
}) {
  const { offset, account = '', action = '' } = filter;
  const listing = useAccounts().data;
  const accounts = listing?.accounts ?? [];
  const names: Names = {
    account: new Map(accounts.map((row) => [String(row.id), row.name])),
    invitation: new Map(listing?.invitations.map((row) => [String(row.id), row.email])),
  };
  const url = `/api/admin/audit?${new URLSearchParams({
    limit: String(PAGE_SIZE),
    offset: String(offset),
    ...(account && { account }),
    ...(action && { action }),
  })}`;
  const page = useQuery({
    queryKey: [url],
    queryFn: ({ signal }) => getPage(url, (row) => row as AuditEntry, '', signal),
    placeholderData: keepPreviousData,
  });
  // A new filter starts at the newest of what it finds.
  const update = (change: Partial<TabFilter>) =>
    onFilterChange({ ...filter, ...change, offset: 0 });
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap gap-4">
        <Select
          label="Account"
          value={account}
          onChange={(value) => update({ account: value })}
          empty="All"
          options={accounts.map((row) => ({ value: String(row.id), label: row.name }))}
        />
        <Select
          label="Action"
          value={action}
          onChange={(value) => update({ action: value })}
          empty="All"
          options={auditActions.map((value) => ({ value, label: auditActionLabels[value] }))}
        />
      </div>
      {page.isError ? (
        <p role="alert">The audit log could not be loaded.</p>
      ) : (
        <div>
          <DataTable
            caption="Audit log, newest first"
            busy={page.isFetching}
            columns={[
              { header: 'When', cell: (row) => formatDate(row.at) },
              { header: 'Who', cell: (row) => row.actor },
              { header: 'Action', cell: (row) => auditActionLabels[row.action] },
              {
                header: 'Lead',
                cell: ({ leadType, leadId, leadGone, namedLeads }) => {
                  // A single lead's entry, or the leads a bulk change names, each opening its own.
                  const leads = leadId === null ? namedLeads : [{ id: leadId, gone: leadGone }];
                  return leadType && leads.length > 0 ? (
                    <span className="flex flex-wrap gap-x-2">
                      {leads.map(({ id, gone }) => (
                        <LeadButton
                          key={id}
                          kind={leadType}
                          id={id}
                          onOpen={gone ? undefined : onOpenLead}
                        />
                      ))}
                    </span>
                  ) : (
                    '—'
                  );
                },
              },
              { header: 'Detail', cell: (row) => (row.detail ? inWords(row.detail, names) : '—') },
            ]}
            rows={page.data?.rows ?? []}
            empty={page.isPending ? 'Loading…' : 'No entries'}
          />
          <Pager
            offset={offset}
            size={PAGE_SIZE}
            page={page}
            onPage={(next) => onFilterChange({ ...filter, offset: next })}
          />
        </div>
      )}
    </div>
  );
}
