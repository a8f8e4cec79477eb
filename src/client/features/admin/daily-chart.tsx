import { useEffect, useRef } from 'react';
import type { OverviewFigures } from '@shared/admin-overview';

const CANDIDATE_COLOR = '#0e7490';
const COMPANY_COLOR = '#b45309';

/** Leads per day, drawn by uPlot, imported here as it touches the DOM (never pre-rendered). */
export function DailyChart({ daily }: { daily: OverviewFigures['daily'] }) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let disposed = false;
    let chart:
      { destroy(): void; setSize(size: { width: number; height: number }): void } | undefined;
    let observer: ResizeObserver | undefined;
    void Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(
      ([{ default: UPlot }]) => {
        if (disposed) return;
        const x = daily.map((day) => Date.parse(`${day.date}T00:00:00Z`) / 1000);
        const width = () => Math.max(280, element.clientWidth);
        chart = new UPlot(
          {
            width: width(),
            height: 260,
            tzDate: (ts) => UPlot.tzDate(new Date(ts * 1000), 'UTC'),
            scales: {
              x: { time: true },
              y: { range: (_u, _min, max) => [0, Math.max(5, Math.ceil(max * 1.1))] },
            },
            series: [
              {},
              {
                label: 'Candidates',
                stroke: CANDIDATE_COLOR,
                width: 2,
                fill: 'rgba(14,116,144,0.08)',
              },
              { label: 'Companies', stroke: COMPANY_COLOR, width: 2 },
            ],
            axes: [{ stroke: '#334155' }, { stroke: '#334155' }],
          },
          [x, daily.map((day) => day.candidates), daily.map((day) => day.companies)],
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
  }, [daily]);
  return <div ref={container} className="min-h-[300px] w-full" data-testid="daily-chart" />;
}
