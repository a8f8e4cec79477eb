import type { ReactNode } from 'react';

/** A chart with its caption and, for screen readers and exact figures, its data as a table. */
export function ChartFigure({
  caption,
  chart,
  tableToggle,
  headers,
  rows,
  className = '',
}: {
  caption: ReactNode;
  chart: ReactNode;
  tableToggle: string;
  headers: readonly string[];
  rows: readonly { key: string; cells: readonly ReactNode[] }[];
  className?: string;
}) {
  return (
    <figure className={`rounded-xl border border-slate-200 bg-white p-5 ${className}`}>
      <figcaption className="font-semibold text-slate-900">{caption}</figcaption>
      {chart}
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer rounded text-accent-strong focus-visible:outline-2 focus-visible:outline-accent-strong">
          {tableToggle}
        </summary>
        <table className="mt-2 text-left [&_:is(th,td):not(:last-child)]:pr-6">
          <thead>
            <tr>
              {headers.map((header) => (
                <th key={header} scope="col">
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map(({ key, cells: [label, ...values] }) => (
              <tr key={key}>
                <th scope="row" className="font-normal">
                  {label}
                </th>
                {values.map((value, index) => (
                  <td key={index}>{value}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
