import { useMemo } from 'react';
import type uPlot from 'uplot';
import type { FunnelWeek } from '@shared/admin-funnel';
import { UPlotChart } from './uplot-chart';

const SPEND_COLOR = '#0e7490';
const PLACED_COLOR = '#b45309';

const upTo =
  (least: number) =>
  (_u: unknown, _min: number, max: number): [number, number] => [
    0,
    Math.max(least, Math.ceil(max * 1.1)),
  ];

/** Spend (left axis, in the report's currency) and placements (right axis) per week. */
export function SpendChart({ weeks, currency }: { weeks: FunnelWeek[]; currency: string }) {
  const options = useMemo(
    () => ({
      scales: { x: { time: true }, spend: { range: upTo(10) }, placed: { range: upTo(3) } },
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
    }),
    [currency],
  );
  const data = useMemo((): uPlot.AlignedData => {
    const digits =
      new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions()
        .maximumFractionDigits ?? 2;
    return [
      weeks.map((week) => Date.parse(`${week.week}T00:00:00Z`) / 1000),
      weeks.map((week) => week.spend / 10 ** digits),
      weeks.map((week) => week.placed),
    ];
  }, [weeks, currency]);
  return <UPlotChart options={options} data={data} testId="spend-chart" />;
}
