import type { ReactNode } from 'react';
import { RowsOrEmpty } from './lead-table';

/**
 * The Overview's tables of figures: a caption, one row per key (a landing variant, UTM
 * source...) headed by its label, and right-aligned number columns drawn by `cells`.
 */
export function FiguresTable<Row extends { key: string | null }>({
  title,
  keyHeader,
  headers,
  rows,
  empty,
  label,
  cells,
}: {
  title: string;
  keyHeader: string;
  headers: readonly string[];
  rows: readonly Row[];
  /** What the body says without rows. */
  empty: string;
  label(key: string | null): string;
  /** The row's number cells (td), one per header. */
  cells(row: Row): ReactNode;
}) {
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
      <table className="min-w-full text-left text-sm">
        <caption className="px-4 py-3 text-left font-semibold text-slate-900">{title}</caption>
        <thead className="bg-slate-100 text-slate-800">
          <tr>
            <th scope="col" className="px-4 py-2 font-semibold">
              {keyHeader}
            </th>
            {headers.map((header) => (
              <th key={header} scope="col" className="px-4 py-2 text-right font-semibold">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <RowsOrEmpty
          rows={rows}
          columnCount={headers.length + 1}
          empty={empty}
          emptyClassName="px-4 py-4 text-center text-slate-600"
        >
          {(row) => (
            <tr key={row.key ?? '(none)'}>
              <th scope="row" className="px-4 py-2 font-medium text-slate-900">
                {label(row.key)}
              </th>
              {cells(row)}
            </tr>
          )}
        </RowsOrEmpty>
      </table>
    </div>
  );
}
