import { useState } from 'react';
import { BULK_LIMIT } from '@shared/admin-audit';
import { leadStatuses, statusLabel } from '@shared/lead-status';
import { Button } from '../../../components/ui/button';
import { fieldMessage } from '../api/http';
import { downloadExport, useBulkChange, type LeadPage } from '../api/leads';
import type { RowSelection } from '../ui/data-table';
import { useStatusMessage, type Sending } from '../api/message-templates';
import { ActionForm, Select } from '../ui/controls';
import { AssigneeSelect } from './assignee-form';
import { eachPersonValues, useStatusChangeAsk } from './status-message-offer';
import { exportRequest, leadTabs, listFilter, type LeadTabId, type TabFilter } from './tabs';
import { formatNumber, formatTotal } from '../ui/format';
import { toast } from '../../../lib/toast-store';
import { adminToasts } from '../ui/admin-toasts';

/** The ticked rows of the page on screen, or every lead the tab's filter matches. */
type Selection = { ids: ReadonlySet<number>; allMatching: boolean };

const nothing: Selection = { ids: new Set(), allMatching: false };

/** The tab's selection, cleared when its page, search or status changes: ticked is on screen. */
export function useSelection<Row extends { id: number; who: string }>(
  rows: readonly Row[],
  filter: TabFilter,
) {
  const key = JSON.stringify(filter);
  const [state, setState] = useState({ key, selection: nothing });
  // Ended for good: going back to the last search must not tick its rows again.
  if (state.key !== key) setState({ key, selection: nothing });
  const { selection } = state;
  const set = (next: Selection) => setState({ key, selection: next });
  const rowSelection: RowSelection<Row> = {
    isSelected: (row) => selection.allMatching || selection.ids.has(row.id),
    toggle: (row) => {
      const ids = new Set(selection.allMatching ? rows.map((each) => each.id) : selection.ids);
      if (!ids.delete(row.id)) ids.add(row.id);
      set({ ids, allMatching: false });
    },
    toggleAll: () => {
      const all = rows.length > 0 && rows.every((row) => rowSelection.isSelected(row));
      set({ ids: new Set(all ? [] : rows.map((row) => row.id)), allMatching: false });
    },
    name: (row) => row.who,
  };
  return {
    selection,
    rowSelection,
    onSelectAllMatching: () => set({ ids: selection.ids, allMatching: true }),
    onClear: () => set(nothing),
  };
}

/** The bar over a tab's table: how many are ticked (announced); a status, assignee or export. */
export function BulkActions({
  tab,
  filter,
  page,
  selection,
  onSelectAllMatching,
  onClear,
}: {
  tab: LeadTabId;
  filter: TabFilter;
  /** The page on screen: its `total` is a search's count that stopped when `capped`. */
  page: LeadPage | undefined;
} & Pick<ReturnType<typeof useSelection>, 'selection' | 'onSelectAllMatching' | 'onClear'>) {
  const kind = leadTabs[tab].kind ?? 'candidate';
  const change = useBulkChange(`${leadTabs[tab].endpoint}/bulk`);
  const [status, setStatus] = useState('');
  const [outcome, setOutcome] = useState<string | null>(null);
  const [assignee, setAssignee] = useState('');
  const message = useStatusMessage(kind, status);
  const offer = useStatusChangeAsk();

  const { rows: { length: onPage } = [], total = 0, capped = false } = page ?? {};
  const ticked = selection.ids.size;
  const count = selection.allMatching ? total : ticked;
  const matching = formatTotal(total, capped);
  // A new selection replaces what the last change said.
  if (count > 0 && outcome) setOutcome(null);
  const live =
    count === 0
      ? (outcome ?? '')
      : selection.allMatching
        ? `All ${matching} matching selected`
        : `${formatNumber(count)} selected`;
  // Past a search's cap the number is unknown: the server says if it is too many.
  const tooMany = selection.allMatching && !capped && total > BULK_LIMIT;

  const run = (
    body: ({ status: string } & Sending) | { assignee: number | null },
    said: (leads: string) => string,
    failed: string,
  ) =>
    change.mutate(
      {
        ...(selection.allMatching
          ? { filter: listFilter(tab, filter) }
          : { ids: [...selection.ids] }),
        ...body,
      },
      {
        onSuccess: ({ count: done }) => {
          setOutcome(said(`${formatNumber(done)} ${done === 1 ? 'lead' : 'leads'}`));
          if ('status' in body) setStatus('');
          onClear();
        },
        // A toast: the selection stays for a retry, and the line under it says what is selected.
        onError: (error) => toast(adminToasts.error(fieldMessage(error) ?? failed)),
      },
    );
  const assign = () =>
    run(
      { assignee: assignee === '' ? null : Number(assignee) },
      (leads) => (assignee === '' ? `Unassigned ${leads}.` : `Assigned ${leads}.`),
      'Failed to assign the leads.',
    );
  const setStatusOf = (sending: Sending) => {
    const sent = sending.notify ? ' Their message goes to each person whose status changed.' : '';
    run(
      { status, ...sending },
      (leads) => `Status set to ${statusLabel(status)} for ${leads}.${sent}`,
      'Failed to change the status.',
    );
  };
  // One text for all of them, each person's own details filled in as it goes.
  const apply = () =>
    offer.ask(
      {
        title: `Set ${formatNumber(count)} ${count === 1 ? 'lead' : 'leads'} to ${statusLabel(status)}`,
        message: message ?? null,
        values: eachPersonValues,
        previewTitle: "Preview, each person's own details filled in",
      },
      setStatusOf,
    );

  return (
    <div role="group" aria-label="Bulk actions" className="has-[>p:not(:empty)]:mb-4">
      <p aria-live="polite" className="text-sm font-semibold text-slate-900">
        {live}
      </p>
      {count > 0 ? (
        // One line from a laptop up, as the filters above; a phone's wrap keeps 44-px targets.
        <div className="mt-2 flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-slate-50 p-3 md:[&_button]:h-9 md:[&_button]:px-3 md:[&_button]:text-sm md:[&_select]:h-9 md:[&_select]:text-sm">
          <ActionForm
            label="Set status"
            busy={change.isPending}
            blocked={!status || tooMany || message === undefined}
            onSubmit={apply}
          >
            <Select
              label="Status"
              value={status}
              onChange={setStatus}
              options={leadStatuses[kind]}
              empty="Choose a status"
              className="min-w-48"
            />
          </ActionForm>
          <ActionForm
            label="Assign"
            busy={false}
            blocked={change.isPending || tooMany}
            onSubmit={assign}
          >
            <AssigneeSelect value={assignee} onChange={setAssignee} />
          </ActionForm>
          <Button
            variant="outline"
            size="md"
            onClick={() =>
              void downloadExport(
                exportRequest(tab, filter, selection.allMatching ? undefined : [...selection.ids]),
              )
            }
          >
            Export selected
          </Button>
          {!selection.allMatching && ticked === onPage && total > onPage ? (
            <Button variant="ghost" size="md" onClick={onSelectAllMatching}>
              Select all {matching} matching
            </Button>
          ) : null}
          <Button variant="ghost" size="md" onClick={onClear}>
            Clear selection
          </Button>
          {tooMany ? (
            <p className="w-full text-sm text-slate-700">
              A change covers at most {formatNumber(BULK_LIMIT)} leads: narrow the search or status
              first.
            </p>
          ) : null}
        </div>
      ) : null}
      {offer.dialog}
    </div>
  );
}
