import { useMemo } from 'react';
import type uPlot from 'uplot';
import type { FunnelWeek } from '@shared/admin-funnel';
import { majorUnits } from '../money';
import { fromZero, UPlotChart } from './uplot-chart';

const SPEND_COLOR = '#0e7490';
const PLACED_COLOR = '#b45309';

/** Spend (left axis, in the report's currency) and placements (right axis) per week. */
export function SpendChart({ weeks, currency }: { weeks: FunnelWeek[]; currency: string }) {
  const options = useMemo(
    () => ({
      scales: { x: { time: true }, spend: { range: fromZero(10) }, placed: { range: fromZero(3) } },
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
  const data = useMemo(
    (): uPlot.AlignedData => [
      weeks.map((week) => Date.parse(`${week.week}T00:00:00Z`) / 1000),
      weeks.map((week) => majorUnits(week.spend, currency)),
      weeks.map((week) => week.placed),
    ],
    [weeks, currency],
  );
  return <UPlotChart options={options} data={data} testId="spend-chart" />;
}
