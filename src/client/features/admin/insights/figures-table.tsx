import { RowsOrEmpty } from '../ui/data-table';

/** The two landing variants, as the Overview names them. */
export const VARIANTS = [
  { key: 'free_training', label: '/career (free_training)' },
  { key: 'high_salary', label: '/training (high_salary)' },
] as const;

export const variantLabel = (key: string | null) =>
  VARIANTS.find((variant) => variant.key === key)?.label ?? key ?? '(none)';

export interface FigureColumn<Row> {
  header: string;
  value(row: Row): string;
}

/** A kind of figures: a table's title per grouping, the number columns, and the empty text. */
export interface Figures<Row> {
  titles: Partial<Record<By, string>>;
  columns: readonly FigureColumn<Row>[];
  empty: string;
}

const keyHeaders = {
  variants: 'Landing page',
  utmSources: 'UTM source',
  utmCampaigns: 'UTM campaign',
};
type By = keyof typeof keyHeaders;

/** A table per titled grouping of `data`: a row per key, its label, and the figures. */
export function FiguresTables<Row extends { key: string | null }>({
  figures: { titles, columns, empty },
  data,
}: {
  figures: Figures<Row>;
  data: Partial<Record<By, readonly Row[]>>;
}) {
  return Object.entries(titles).map(([by, title]) => (
    <div key={by} className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
      <table className="min-w-full text-left text-sm">
        <caption className="px-4 py-3 text-left font-semibold text-slate-900">{title}</caption>
        <thead className="bg-slate-100 text-slate-800">
          <tr>
            <th scope="col" className="px-4 py-2 font-semibold">
              {keyHeaders[by as By]}
            </th>
            {columns.map(({ header }) => (
              <th key={header} scope="col" className="px-4 py-2 text-right font-semibold">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <RowsOrEmpty
          rows={data[by as By] ?? []}
          columnCount={columns.length + 1}
          empty={empty}
          emptyClassName="px-4 py-4 text-center text-slate-600"
        >
          {(row) => (
            <tr key={row.key ?? '(none)'}>
              <th scope="row" className="px-4 py-2 font-medium text-slate-900">
                {by === 'variants' ? variantLabel(row.key) : (row.key ?? '(none)')}
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
    </div>
  ));
}
