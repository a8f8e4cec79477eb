import { useEffect, useRef } from 'react';
import type { FunnelWeek } from '@shared/admin-funnel';

const SPEND_COLOR = '#0e7490';
const PLACED_COLOR = '#b45309';

/**
 * Spend (left axis, in the report's currency) and placements (right axis) per week, drawn by
 * uPlot like the daily chart: imported here as it touches the DOM, no animation.
 */
export function SpendChart({ weeks, currency }: { weeks: FunnelWeek[]; currency: string }) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let disposed = false;
    let chart:
      { destroy(): void; setSize(size: { width: number; height: number }): void } | undefined;
    let observer: ResizeObserver | undefined;
    const digits =
      new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions()
        .maximumFractionDigits ?? 2;
    void Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(
      ([{ default: UPlot }]) => {
        if (disposed) return;
        const width = () => Math.max(280, element.clientWidth);
        chart = new UPlot(
          {
            width: width(),
            height: 260,
            tzDate: (ts) => UPlot.tzDate(new Date(ts * 1000), 'UTC'),
            scales: {
              x: { time: true },
              spend: { range: (_u, _min, max) => [0, Math.max(10, Math.ceil(max * 1.1))] },
              placed: { range: (_u, _min, max) => [0, Math.max(3, Math.ceil(max * 1.1))] },
            },
            series: [
              {},
              {
                label: `Spend (${currency})`,
                scale: 'spend',
                stroke: SPEND_COLOR,
                width: 2,
                fill: 'rgba(14,116,144,0.08)',
              },
              { label: 'Placements', scale: 'placed', stroke: PLACED_COLOR, width: 2 },
            ],
            axes: [
              { stroke: '#334155' },
              { scale: 'spend', stroke: '#334155' },
              { scale: 'placed', side: 1, stroke: '#334155', grid: { show: false } },
            ],
          },
          [
            weeks.map((week) => Date.parse(`${week.week}T00:00:00Z`) / 1000),
            weeks.map((week) => week.spend / 10 ** digits),
            weeks.map((week) => week.placed),
          ],
          element,
        );
        observer = new ResizeObserver(() => chart?.setSize({ width: width(), height: 260 }));
        observer.observe(element);
      },
    );
    return () => {
      disposed = true;
      observer?.disconnect();
      chart?.destroy();
    };
  }, [weeks, currency]);
  return <div ref={container} className="min-h-[300px] w-full" data-testid="spend-chart" />;
}
