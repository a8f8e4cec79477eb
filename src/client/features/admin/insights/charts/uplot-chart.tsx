import { useEffect, useRef } from 'react';
import type uPlot from 'uplot';

const HEIGHT = 260;

export const lines = [
  { stroke: '#0e7490', width: 2, fill: 'rgba(14,116,144,0.08)' },
  { stroke: '#b45309', width: 2 },
] as const;
export const axisStroke = '#334155';

/** A scale from 0 to a little above its highest value, and never below `least`. */
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
