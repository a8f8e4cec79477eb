import { useEffect, useRef, type ReactNode } from 'react';
import type uPlot from 'uplot';

const HEIGHT = 260;

export const lines = [
  { stroke: '#0e7490', width: 2, fill: 'rgba(14,116,144,0.08)' },
  { stroke: '#b45309', width: 2 },
] as const;
export const axisStroke = '#334155';

export const fromZero =
  (least: number) =>
  (_u: unknown, _min: number, max: number): [number, number] => [
    0,
    Math.max(least, Math.ceil(max * 1.1)),
  ];

/** A uPlot chart (UTC), imported when drawn as it needs the DOM; memoize `options` and `data`. */
export function UPlotChart({
  options,
  data,
  testId,
}: {
  options: Omit<uPlot.Options, 'width' | 'height' | 'tzDate'>;
  data: uPlot.AlignedData;
  testId: string;
}) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let disposed = false;
    let chart: uPlot | undefined;
    let observer: ResizeObserver | undefined;
    void Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(
      ([{ default: UPlot }]) => {
        if (disposed) return;
        const width = () => Math.max(280, element.clientWidth);
        chart = new UPlot(
          {
            ...options,
            width: width(),
            height: HEIGHT,
            tzDate: (ts) => UPlot.tzDate(new Date(ts * 1000), 'UTC'),
          },
          data,
          element,
        );
        observer = new ResizeObserver(() => chart?.setSize({ width: width(), height: HEIGHT }));
        observer.observe(element);
      },
    );
    return () => {
      disposed = true;
      observer?.disconnect();
      chart?.destroy();
    };
  }, [options, data]);
  return <div ref={container} className="min-h-[300px] w-full" data-testid={testId} />;
}

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
