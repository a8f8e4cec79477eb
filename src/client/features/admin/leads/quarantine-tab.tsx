import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  quarantineReasonLabels,
  type QuarantinedSubmission,
  type QuarantinePage,
} from '@shared/admin-quarantine';
import { formName } from '@shared/lead-vocabulary';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../lib/toast-store';
import { adminToasts } from '../ui/admin-toasts';
import { apiRequest } from '../../../lib/api';
import { refreshLeads } from '../api/leads';
import type { ConfirmRequest } from '../ui/confirm-dialog';
import { DataTable, type Column } from '../ui/data-table';
import { formatDate } from '../ui/format';
import { useKeepFocus } from '../ui/keep-focus';
import { Pager } from '../ui/pager';
import type { TabFilter } from './tabs';

const PAGE_SIZE = 100;

/** A page of the held submissions, newest first, and their count; `enabled` when the role may. */
export const useQuarantine = (enabled = true, offset = 0) =>
  useQuery<QuarantinePage>({
    queryKey: [`/api/admin/quarantine?limit=${PAGE_SIZE}&offset=${offset}`],
    placeholderData: keepPreviousData,
    enabled,
  });

function useQuarantineAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, id }: { action: 'release' | 'delete'; id: number }) =>
      action === 'release'
        ? apiRequest('POST', `/api/admin/quarantine/${id}/release`)
        : apiRequest('DELETE', `/api/admin/quarantine/${id}`),
    onSuccess: (_response, { action }) => {
      toast(action === 'release' ? adminToasts.released : adminToasts.deleted);
      return refreshLeads(client);
    },
    onError: (_error, { action }) =>
      toast(action === 'release' ? adminToasts.releaseFailed : adminToasts.quarantineDeleteFailed),
  });
}

/** The held submissions, a page at the filter's offset (in the URL, like a lead list's). */
export function QuarantineTab({
  filter,
  onFilterChange,
  onConfirm,
}: {
  filter: TabFilter;
  onFilterChange(filter: TabFilter): void;
  onConfirm(request: ConfirmRequest): void;
}) {
  const { offset } = filter;
  const page = useQuarantine(true, offset);
  const { data, isPending, isFetching, isError } = page;
  const act = useQuarantineAction();
  const busyId = act.isPending ? act.variables?.id : undefined;
  // A released or deleted row leaves: the focus goes to the next row, else the table.
  const keepFocus = useKeepFocus('tbody tr', '[role=region]');

  const columns: Column<QuarantinedSubmission>[] = [
    { header: 'Received', cell: (row) => formatDate(row.receivedAt) },
    { header: 'Form', cell: (row) => formName(row.form) },
    { header: 'Email', cell: (row) => row.email },
    { header: 'Name', cell: (row) => row.name ?? '—' },
    {
      header: 'Reasons',
      cell: (row) => (
        <ul className="list-none">
          {row.reasons.map((reason) => (
            <li key={reason}>{quarantineReasonLabels[reason] ?? reason}</li>
          ))}
        </ul>
      ),
    },
  ];
  const deleteAsked = (row: QuarantinedSubmission) =>
    onConfirm({
      title: 'Delete quarantined submission',
      message: 'Are you sure you want to delete this quarantined submission?',
      confirmLabel: 'Delete',
      onConfirm: () => act.mutate({ action: 'delete', id: row.id }),
    });
  const actions = (row: QuarantinedSubmission) =>
    (
      [
        ['Release', 'outline', () => act.mutate({ action: 'release', id: row.id })],
        ['Delete', 'ghost', () => deleteAsked(row)],
      ] as const
    ).map(([label, variant, onClick]) => (
      <Button
        key={label}
        variant={variant}
        size="sm"
        aria-disabled={busyId === row.id}
        aria-label={`${label} ${row.email}`}
        onClick={onClick}
      >
        {label}
      </Button>
    ));

  if (isError) return <p className="text-red-700">Failed to load the quarantine.</p>;
  return (
    <div ref={keepFocus}>
      <DataTable
        caption="Submissions held back as suspect: answered like any other, but not in the tabs, the counts or the notifications"
        columns={columns}
        actions={actions}
        rows={data?.rows ?? []}
        empty={isPending ? 'Loading…' : 'Nothing in quarantine'}
        busy={isFetching}
      />
      <Pager
        offset={offset}
        size={PAGE_SIZE}
        page={page}
        onPage={(next) => onFilterChange({ ...filter, offset: next })}
      />
    </div>
  );
}
