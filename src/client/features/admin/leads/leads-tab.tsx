import { everyStatus, leadStatuses } from '@shared/lead-status';
import { Button } from '../../../components/ui/button';
import { adminToasts } from '../ui/admin-toasts';
import { isUnauthorized } from '../api/http';
import { useLeadPage } from '../api/leads';
import { BulkActions, useSelection } from './bulk-actions';
import { columnsFor, rowButtons, type RowActions } from './columns';
import { LeadBoard } from './board/lead-board';
import { DataTable, type TableSort } from '../ui/data-table';
import { ColumnPicker, useExtraColumns } from '../ui/column-picker';
import { Checkbox, Select } from '../ui/controls';
import { LIST_PAGE_ROWS as PAGE_SIZE } from '@shared/admin-audit';
import { leadTabs, type LeadTabId, type TabFilter } from './tabs';
import { Pager } from '../ui/pager';
import { useKeepFocus } from '../ui/keep-focus';

/** One lead tab: its filters, the current page of the table and the pager (its search is in the bar). */
export function LeadsTab({
  tab,
  filter,
  onFilterChange,
  actions,
}: {
  tab: LeadTabId;
  filter: TabFilter;
  onFilterChange(filter: TabFilter): void;
  actions: RowActions;
}) {
  const extra = useExtraColumns(tab);
  const { kind, caption } = leadTabs[tab];
  // Spec section 8: the failure's text in place of the rows, beside its toast (useLeadPage's).
  const failure = adminToasts.loadFailed(kind);
  // The board's columns are the statuses: its filters are the list's others, no page of it loads.
  const board = kind && filter.board;
  const page = useLeadPage(tab, filter, !board);
  const failed = page.isError && !isUnauthorized(page.error);
  const rows = failed ? [] : (page.data?.rows ?? []);
  const filtered = Boolean(filter.q || filter.status || filter.duplicates || filter.mine);
  const flags = kind === 'candidate' ? (['duplicates', 'mine'] as const) : (['mine'] as const);
  // Not on Lead Emails: its rows are of two tables.
  const selecting = actions.canWork && tab !== 'leadEmails';
  const selected = useSelection(rows, filter);
  const update = (change: Partial<TabFilter>) => onFilterChange({ ...filter, ...change });
  const { columns, extras } = columnsFor(tab, actions, extra.shown);
  // A deleted row or a bulk change's closed bar takes the focus: to the next row, else the table.
  const keepFocus = useKeepFocus('tbody tr', '[role=region]');
  // A header sorts by its column: names A to Z and dates newest first, then the other way.
  const sortKey = filter.sort?.replace(/^-/, '') || 'created';
  const descending = filter.sort ? filter.sort.startsWith('-') : true;
  const sort: TableSort = {
    key: sortKey,
    descending,
    onSort: (key) => {
      const down = key === sortKey ? !descending : key === 'created' || key === 'activity';
      const next = `${down ? '-' : ''}${key}`;
      update({ sort: next === '-created' ? '' : next, offset: 0 });
    },
  };

  return (
    <div ref={board ? undefined : keepFocus}>
      {/* One line from a laptop up (the view, the filters, the columns): the rows get the room. */}
      <div className="mb-4 flex flex-wrap items-end gap-4 md:mb-2 md:items-center md:gap-x-3 md:[&_select]:h-9 md:[&_select]:text-sm">
        {kind && (
          <div
            role="group"
            aria-label="View"
            className="inline-flex gap-1 rounded-lg bg-slate-100 p-1 md:p-0.5"
          >
            {[false, true].map((board) => (
              <Button
                key={String(board)}
                variant={(filter.board === true) === board ? 'dark' : 'ghost'}
                size="sm"
                className="md:h-8"
                aria-pressed={(filter.board === true) === board}
                onClick={() => update({ board })}
              >
                {board ? 'Board' : 'List'}
              </Button>
            ))}
          </div>
        )}
        {!board && (
          <Select
            label="Status"
            value={filter.status}
            onChange={(status) => update({ status, offset: 0 })}
            options={kind ? leadStatuses[kind] : everyStatus}
            empty="All statuses"
            className="w-full max-w-52 md:flex md:max-w-64 md:items-center md:gap-2"
          />
        )}
        {flags.map((key) => (
          <Checkbox
            key={key}
            className="h-11 md:h-9"
            label={key === 'mine' ? 'My leads' : 'Only possible duplicates'}
            checked={filter[key] ?? false}
            onChange={(on) => update({ [key]: on, offset: 0 })}
          />
        ))}
        {!board && (
          <div className="ml-auto flex items-center gap-3">
            {page.isFetching ? (
              <p className="text-sm text-slate-600" role="status">
                Loading…
              </p>
            ) : null}
            <ColumnPicker headers={extras} shown={extra.shown} onToggle={extra.toggle} />
          </div>
        )}
      </div>
      {board ? (
        <LeadBoard tab={tab} kind={kind} filter={filter} onOpen={actions.openDetail} />
      ) : (
        <>
          {selecting && <BulkActions tab={tab} filter={filter} page={page.data} {...selected} />}
          <DataTable
            caption={caption}
            selection={selecting ? selected.rowSelection : undefined}
            columns={columns}
            actions={rowButtons(actions)}
            sort={sort}
            cards
            rows={rows}
            rowKey={(row) => `${row.kind}-${row.id}`}
            busy={page.isFetching}
            query={filter.q}
            empty={
              failed
                ? `Error: ${failure.description}`
                : page.isPending
                  ? 'Loading…'
                  : filtered
                    ? 'No leads match this search.'
                    : 'No leads yet.'
            }
          />
          <Pager
            offset={filter.offset}
            size={PAGE_SIZE}
            page={page}
            // The table says why; read out after a search that found nothing.
            empty={page.data && filtered && 'No leads match.'}
            onPage={(offset) => update({ offset })}
          />
        </>
      )}
    </div>
  );
}
