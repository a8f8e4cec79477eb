import { useId, type ReactNode } from 'react';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { clsx } from 'clsx';

export interface Column<Row> {
  header: string;
  cell(row: Row): ReactNode;
  className?: string;
  /** The server's sort key of this column: its header becomes a button. */
  sort?: string;
  /** Kept on a phone's card (`cards`); the others are hidden there. */
  card?: boolean;
}

export interface TableSort {
  key: string;
  descending: boolean;
  onSort(key: string): void;
}

/** Ticked rows (bulk work): a checkbox before each row, and one for the page in the header. */
export interface RowSelection<Row> {
  isSelected(row: Row): boolean;
  toggle(row: Row): void;
  /** Ticks every row of the page, or none when all are. */
  toggleAll(): void;
  name(row: Row): string;
}

const checkboxClass = 'size-5 align-middle accent-accent-strong';

/** A cell's padding: tight from a laptop up, where ten rows fit under the dashboard's chrome. */
export const cellClass = 'px-3 py-3 md:py-1';
const headClass = 'whitespace-nowrap px-3 py-3 font-semibold md:py-1.5';

/** The first columns (the tick box, the name) stay in view while the rest scroll sideways. */
const frozen = 'sticky z-10 bg-inherit max-md:static';

/** On a phone (`cards`): each row a card of its `card` columns, each cell labelled by its header. */
const cardClasses = {
  table: 'max-md:block',
  caption: 'max-md:block',
  head: 'max-md:sr-only',
  body: 'max-md:grid max-md:gap-3 max-md:divide-y-0 max-md:p-3',
  row: 'max-md:grid max-md:grid-cols-[auto_1fr] max-md:gap-x-3 max-md:rounded-lg max-md:border max-md:border-slate-200 max-md:p-1',
  tick: 'max-md:px-2',
  cell: 'max-md:col-start-2 max-md:flex max-md:flex-wrap max-md:items-center max-md:gap-2 max-md:px-2 max-md:py-1 max-md:before:text-xs max-md:before:font-semibold max-md:before:text-slate-600 max-md:before:content-[attr(data-label)]',
};

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
  sort,
  cards = false,
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
  sort?: TableSort;
  cards?: boolean;
}) {
  const captionId = useId();
  const card = (className: keyof typeof cardClasses) => cards && cardClasses[className];
  // The tick box's column is 2.75rem wide: the name freezes after it.
  const frozenAt = (index: number) =>
    cards && index === 0 && clsx(frozen, selection ? 'left-11' : 'left-0');
  const ticked = selection ? rows.filter((row) => selection.isSelected(row)).length : 0;
  const columns: readonly Column<Row>[] = actions
    ? [
        ...own,
        {
          header: 'Actions',
          card: true,
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
      className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-strong"
    >
      <table
        className={clsx('min-w-full divide-y divide-slate-200 text-left text-sm', card('table'))}
      >
        <caption
          id={captionId}
          className={clsx('px-4 py-3 text-left text-sm text-slate-600 md:py-1.5', card('caption'))}
        >
          {caption}
        </caption>
        <thead className={clsx('text-slate-800', card('head'))}>
          <tr className="bg-slate-100">
            {selection ? (
              <th scope="col" className={clsx('w-11', headClass, cards && clsx(frozen, 'left-0'))}>
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
              </th>
            ) : null}
            {columns.map(({ header, sort: sortKey }, index) => {
              const current = sort !== undefined && sortKey !== undefined && sort.key === sortKey;
              const Icon = !current ? ArrowUpDown : sort.descending ? ArrowDown : ArrowUp;
              return (
                <th
                  key={header}
                  scope="col"
                  aria-sort={current ? (sort.descending ? 'descending' : 'ascending') : undefined}
                  className={clsx(headClass, frozenAt(index))}
                >
                  {sortKey && sort ? (
                    <button
                      type="button"
                      className="inline-flex items-center gap-1 rounded font-semibold hover:text-slate-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-strong"
                      onClick={() => sort.onSort(sortKey)}
                    >
                      {header}
                      <Icon
                        className={clsx('size-3.5', !current && 'text-slate-500')}
                        aria-hidden="true"
                      />
                    </button>
                  ) : (
                    header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <RowsOrEmpty
          rows={rows}
          columnCount={columns.length + (selection ? 1 : 0)}
          empty={empty}
          emptyClassName="px-4 py-8 text-center text-slate-600"
          className={card('body') || undefined}
        >
          {(row) => (
            <tr
              key={rowKey(row)}
              className={clsx('bg-white align-top hover:bg-slate-50', card('row'))}
            >
              {selection ? (
                <td className={clsx(cellClass, cards && clsx(frozen, 'left-0'), card('tick'))}>
                  <input
                    type="checkbox"
                    aria-label={`Select ${selection.name(row)}`}
                    className={checkboxClass}
                    checked={selection.isSelected(row)}
                    onChange={() => selection.toggle(row)}
                  />
                </td>
              ) : null}
              {columns.map((column, index) => (
                <td
                  key={column.header}
                  data-label={cards && index > 0 ? column.header : undefined}
                  className={clsx(
                    column.className ?? clsx(cellClass, 'text-slate-800'),
                    frozenAt(index),
                    card('cell'),
                    cards && !column.card && 'max-md:hidden',
                  )}
                >
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

export function RowsOrEmpty<Row>({
  rows,
  columnCount,
  empty,
  emptyClassName,
  className,
  children,
}: {
  rows: readonly Row[];
  columnCount: number;
  empty: string;
  emptyClassName: string;
  className?: string | undefined;
  children: (row: Row) => ReactNode;
}) {
  return (
    <tbody className={clsx('divide-y divide-slate-100', className)}>
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
