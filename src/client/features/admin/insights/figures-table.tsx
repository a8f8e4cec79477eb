import { useId, useState, type ReactNode } from 'react';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { clsx } from 'clsx';
import { KEYS_LISTED, type FunnelFigures } from '@shared/admin-funnel';
import { RowsOrEmpty } from '../ui/data-table';
import { formatNumber, money } from '../ui/format';

export interface FigureColumn<Row> {
  header: string;
  value(row: Row): ReactNode;
  /** What a sortable table orders the column by; null always last. */
  sortValue?(row: Row): number | null;
}

export const keyHeaders = {
  landingPages: 'Landing page',
  utmSources: 'UTM source',
  utmCampaigns: 'UTM campaign',
};
type By = keyof typeof keyHeaders;
export const groupings = Object.keys(keyHeaders) as By[];
/** A key's header inside a sentence: "landing page", but "UTM campaign". */
export const keyNoun = (by: By) =>
  keyHeaders[by].replace(/^[A-Z](?=[a-z])/, (first) => first.toLowerCase());

const keyLabel = (by: By, key: string | null) =>
  key ?? (by === 'landingPages' ? '(no page recorded)' : '(none)');

/** Which column orders the rows (-1: the key column), and which way. */
interface Sort {
  column: number;
  ascending: boolean;
}

/** A row per key of grouping `by`: its label, then the figures; sortable from `initialSort`. */
export function FiguresTable<Row extends { key: string | null }>({
  caption,
  by,
  columns,
  rows,
  empty,
  initialSort,
  testId,
  note,
  unlisted,
}: {
  caption: ReactNode;
  by: By;
  columns: readonly FigureColumn<Row>[];
  rows: readonly Row[];
  empty: string;
  initialSort?: Sort;
  testId?: string;
  /** Said under the table, and read with it. */
  note?: ReactNode;
  /** What the answer left out of `rows`, in the report's currency. */
  unlisted?: FunnelFigures['unlisted'][By] & { currency: string | null };
}) {
  const [sort, setSort] = useState(initialSort);
  const noteId = useId();
  const captionId = useId();
  const more = unlisted && unlisted.keys > 0 && (
    <>
      {' '}
      Not listed: {formatNumber(unlisted.keys)} more {keyNoun(by)}s, with{' '}
      {formatNumber(unlisted.visitors)} visitors, {formatNumber(unlisted.leads)} leads
      {unlisted.currency && ` and ${money(unlisted.spend, unlisted.currency)} of spend`} (the first{' '}
      {KEYS_LISTED} by spend, then visitors, are listed). A shorter range lists them.
    </>
  );
  // Sorted by the key's label or the column's figure; an empty figure (null) always last.
  const shown = !sort
    ? rows
    : [...rows].sort((a, b) => {
        const value = (row: Row) =>
          sort.column < 0
            ? keyLabel(by, row.key)
            : (columns[sort.column]?.sortValue?.(row) ?? null);
        const [x, y] = [value(a), value(b)];
        if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
        const order = typeof x === 'string' ? x.localeCompare(String(y)) : x - Number(y);
        return sort.ascending ? order : -order;
      });
  return (
    // Wider than a phone: its scroll box takes the keyboard's focus, named by the caption.
    <div
      role="group"
      aria-labelledby={captionId}
      tabIndex={0}
      className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-strong"
    >
      <table
        className="min-w-full text-left text-sm"
        data-testid={testId}
        aria-describedby={note || more ? noteId : undefined}
      >
        <caption id={captionId} className="px-4 py-3 text-left font-semibold text-slate-900">
          {caption}
        </caption>
        <thead className="bg-slate-100 text-slate-800">
          <tr>
            {[keyHeaders[by], ...columns.map((column) => column.header)].map((label, index) => {
              const column = index - 1;
              const align = column >= 0 && 'text-right';
              if (!sort)
                return (
                  <th key={label} scope="col" className={clsx('px-4 py-2 font-semibold', align)}>
                    {label}
                  </th>
                );
              const active = sort.column === column;
              const Icon = !active ? ArrowUpDown : sort.ascending ? ArrowUp : ArrowDown;
              return (
                <th
                  key={label}
                  scope="col"
                  aria-sort={active ? (sort.ascending ? 'ascending' : 'descending') : 'none'}
                  className={clsx('px-2 py-1', align)}
                >
                  <button
                    type="button"
                    onClick={() =>
                      setSort({ column, ascending: active ? !sort.ascending : column < 0 })
                    }
                    className="inline-flex items-center gap-1 rounded px-2 py-1 font-semibold focus-visible:outline-2 focus-visible:outline-accent-strong"
                  >
                    {label}
                    <Icon className="size-4 shrink-0" aria-hidden="true" />
                  </button>
                </th>
              );
            })}
          </tr>
        </thead>
        <RowsOrEmpty
          rows={shown}
          columnCount={columns.length + 1}
          empty={empty}
          emptyClassName="px-4 py-4 text-center text-slate-600"
        >
          {(row) => (
            <tr key={row.key ?? '(none)'}>
              <th scope="row" className="px-4 py-2 font-medium text-slate-900">
                {keyLabel(by, row.key)}
              </th>
              {columns.map(({ header, value }) => (
                <td key={header} className="px-4 py-2 text-right tabular-nums">
                  {value(row)}
                </td>
              ))}
            </tr>
          )}
        </RowsOrEmpty>
      </table>
      {(note || more) && (
        <p id={noteId} className="border-t border-slate-200 px-4 py-2 text-xs text-slate-700">
          {note}
          {more}
        </p>
      )}
    </div>
  );
}
