import { useId, type ReactNode } from 'react';

export interface Column<Row> {
  header: string;
  cell(row: Row): ReactNode;
  className?: string;
}

/** Ticked rows (bulk work): a checkbox before each row, and one for the page in the header. */
export interface RowSelection<Row> {
  isSelected(row: Row): boolean;
  toggle(row: Row): void;
  /** Ticks every row of the page, or none when all are. */
  toggleAll(): void;
  /** How the row's checkbox is named: "Select <name>". */
  name(row: Row): string;
}

const checkboxClass = 'size-5 align-middle accent-accent-strong';

/** The header's checkbox: ticked when every row is, mixed when some are. */
function SelectAll<Row>({
  rows,
  selection,
}: {
  rows: readonly Row[];
  selection: RowSelection<Row>;
}) {
  const ticked = rows.filter((row) => selection.isSelected(row)).length;
  return (
    <input
      type="checkbox"
      aria-label="Select all on this page"
      className={checkboxClass}
      disabled={rows.length === 0}
      checked={rows.length > 0 && ticked === rows.length}
      ref={(box) => {
        if (box) box.indeterminate = ticked > 0 && ticked < rows.length;
      }}
      onChange={() => selection.toggleAll()}
    />
  );
}

/** A table in a focusable region that scrolls sideways on narrow screens. */
export function DataTable<Row extends { id: number }>({
  caption,
  columns: own,
  actions,
  rows,
  rowKey = (row) => String(row.id),
  empty,
  busy = false,
  query,
  selection,
}: {
  caption: string;
  columns: readonly Column<Row>[];
  /** The row's buttons, in a last column "Actions". */
  actions?: (row: Row) => ReactNode;
  rows: readonly Row[];
  rowKey?: (row: Row) => string;
  empty: string;
  /** True while the rows shown are not yet those of the current search or page. */
  busy?: boolean;
  /** The search the rows answer (data-query), so tests can wait for it. */
  query?: string;
  selection?: RowSelection<Row> | undefined;
}) {
  const captionId = useId();
  const columns: readonly Column<Row>[] = actions
    ? [
        ...own,
        {
          header: 'Actions',
          cell: (row: Row) => <div className="flex flex-wrap gap-2">{actions(row)}</div>,
        },
      ]
    : own;
  return (
    <div
      role="region"
      aria-labelledby={captionId}
      aria-busy={busy}
      data-query={query}
      tabIndex={0}
      className="overflow-x-auto rounded-xl border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-strong"
    >
      <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
        <caption id={captionId} className="px-4 py-3 text-left text-sm text-slate-600">
          {caption}
        </caption>
        <thead className="bg-slate-100 text-slate-800">
          <tr>
            {selection ? (
              <th scope="col" className="w-12 px-4 py-3">
                <SelectAll rows={rows} selection={selection} />
              </th>
            ) : null}
            {columns.map((column) => (
              <th
                key={column.header}
                scope="col"
                className="whitespace-nowrap px-4 py-3 font-semibold"
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <RowsOrEmpty
          rows={rows}
          columnCount={columns.length + (selection ? 1 : 0)}
          empty={empty}
          emptyClassName="px-4 py-8 text-center text-slate-600"
        >
          {(row) => (
            <tr key={rowKey(row)} className="align-top hover:bg-slate-50">
              {selection ? (
                <td className="px-4 py-3">
                  <input
                    type="checkbox"
                    aria-label={`Select ${selection.name(row)}`}
                    className={checkboxClass}
                    checked={selection.isSelected(row)}
                    onChange={() => selection.toggle(row)}
                  />
                </td>
              ) : null}
              {columns.map((column) => (
                <td key={column.header} className={column.className ?? 'px-4 py-3 text-slate-800'}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          )}
        </RowsOrEmpty>
      </table>
    </div>
  );
}

/** A table body: a row per item, or one row across every column saying that there are none. */
export function RowsOrEmpty<Row>({
  rows,
  columnCount,
  empty,
  emptyClassName,
  children,
}: {
  rows: readonly Row[];
  columnCount: number;
  empty: string;
  emptyClassName: string;
  /** The row of an item, with its key. */
  children: (row: Row) => ReactNode;
}) {
  return (
    <tbody className="divide-y divide-slate-100">
      {rows.length === 0 ? (
        <tr>
          <td colSpan={columnCount} className={emptyClassName}>
            {empty}
          </td>
        </tr>
      ) : (
        rows.map((row) => children(row))
      )}
    </tbody>
  );
}
