import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  quarantineReasonLabels,
  type QuarantinedSubmission,
  type QuarantinePage,
} from '@shared/admin-quarantine';
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

export function QuarantineTab({ onConfirm }: { onConfirm(request: ConfirmRequest): void }) {
  const [offset, setOffset] = useState(0);
  const { data, isPending, isFetching, isError } = useQuarantine(true, offset);
  const act = useQuarantineAction();
  const busyId = act.isPending ? act.variables?.id : undefined;
  // A released or deleted row leaves: the focus goes to the next row, else the table.
  const keepFocus = useKeepFocus('tbody tr', '[role=region]');

  const columns: Column<QuarantinedSubmission>[] = [
    { header: 'Received', cell: (row) => formatDate(row.receivedAt) },
    { header: 'Form', cell: (row) => row.form },
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
  const actions = (row: QuarantinedSubmission) => (
    <>
      <Button
        variant="outline"
        size="sm"
        aria-disabled={busyId === row.id}
        aria-label={`Release ${row.email}`}
        onClick={() => act.mutate({ action: 'release', id: row.id })}
      >
        Release
      </Button>
      <Button
        variant="ghost"
        size="sm"
        aria-disabled={busyId === row.id}
        aria-label={`Delete ${row.email}`}
        onClick={() =>
          onConfirm({
            title: 'Delete quarantined submission',
            message: 'Are you sure you want to delete this quarantined submission?',
            confirmLabel: 'Delete',
            onConfirm: () => act.mutate({ action: 'delete', id: row.id }),
          })
        }
      >
        Delete
      </Button>
    </>
  );

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
        shown={data?.rows.length ?? 0}
        total={data?.total ?? 0}
        size={PAGE_SIZE}
        onPage={setOffset}
      />
    </div>
  );
}
