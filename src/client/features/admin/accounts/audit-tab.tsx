import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { auditActions, type AuditEntry } from '@shared/admin-audit';
import { useAccounts } from '../api/accounts';
import { DataTable } from '../ui/data-table';
import { Select } from '../ui/controls';
import { formatDate } from '../ui/format';

const actionLabel = (action: string) => action.replaceAll('_', ' ');

/** A detail's "account 2" as an owner reads it: by its name (the log keeps ids, not names). */
const namedIn = (detail: string, names: ReadonlyMap<string, string>) =>
  detail.replace(/\baccount (\d+)\b/g, (said, id: string) =>
    names.has(id) ? `${names.get(id)} (${said})` : said,
  );

export function AuditTab() {
  const [account, setAccount] = useState('');
  const [action, setAction] = useState('');
  const accounts = useAccounts().data?.accounts ?? [];
  const names = new Map(accounts.map((row) => [String(row.id), row.name]));
  const params = new URLSearchParams({ limit: '200' });
  if (account) params.set('account', account);
  if (action) params.set('action', action);
  const entries = useQuery<AuditEntry[]>({ queryKey: [`/api/admin/audit?${params.toString()}`] });
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap gap-4">
        <Select
          label="Account"
          value={account}
          onChange={setAccount}
          empty="All"
          options={accounts.map((row) => ({
            value: String(row.id),
            label: row.name,
          }))}
        />
        <Select
          label="Action"
          value={action}
          onChange={setAction}
          empty="All"
          options={auditActions.map((value) => ({ value, label: actionLabel(value) }))}
        />
      </div>
      {entries.isError ? (
        <p role="alert">The audit log could not be loaded.</p>
      ) : (
        <DataTable
          caption="Audit log, newest first"
          busy={entries.isPending}
          columns={[
            { header: 'When', cell: (row) => formatDate(row.at) },
            { header: 'Who', cell: (row) => row.actor },
            { header: 'Action', cell: (row) => actionLabel(row.action) },
            {
              header: 'Lead',
              cell: (row) => (row.leadType ? `${row.leadType} ${row.leadId ?? ''}` : '—'),
            },
            { header: 'Detail', cell: (row) => (row.detail ? namedIn(row.detail, names) : '—') },
          ]}
          rows={entries.data ?? []}
          empty="No entries"
        />
      )}
    </div>
  );
}
