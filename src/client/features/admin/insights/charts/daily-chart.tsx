import { useMemo } from 'react';
import type uPlot from 'uplot';
import type { OverviewFigures } from '@shared/admin-overview';
import { fromZero, UPlotChart } from './uplot-chart';

const CANDIDATE_COLOR = '#0e7490';
const COMPANY_COLOR = '#b45309';

const options = {
  scales: {
    x: { time: true },
    y: { range: fromZero(5) },
  },
  series: [
    {},
    { label: 'Candidates', stroke: CANDIDATE_COLOR, width: 2, fill: 'rgba(14,116,144,0.08)' },
    { label: 'Companies', stroke: COMPANY_COLOR, width: 2 },
  ],
  axes: [{ stroke: '#334155' }, { stroke: '#334155' }],
};

export function DailyChart({ daily }: { daily: OverviewFigures['daily'] }) {
  const data = useMemo(
    (): uPlot.AlignedData => [
      daily.map((day) => Date.parse(`${day.date}T00:00:00Z`) / 1000),
      daily.map((day) => day.candidates),
      daily.map((day) => day.companies),
    ],
    [daily],
  );
  return <UPlotChart options={options} data={data} testId="daily-chart" />;
}
