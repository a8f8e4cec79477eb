import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { OverviewFigures } from '@shared/admin-overview';
import { adminToasts } from '../ui/admin-toasts';
import { Pending } from '../ui/panel';
import type uPlot from 'uplot';
import { axisStroke, ChartFigure, fromZero, lines, UPlotChart } from './charts';
import { FunnelSection } from './funnel-section';
import { OutcomeCards } from './outcome-cards';

const options = {
  scales: {
    x: { time: true },
    y: { range: fromZero(5) },
  },
  series: [{}, { label: 'Leads', ...lines[0] }, { label: 'Companies', ...lines[1] }],
  axes: [{ stroke: axisStroke }, { stroke: axisStroke }],
};

function DailyLeads() {
  const overview = useQuery<OverviewFigures>({
    queryKey: ['/api/admin/overview'],
    meta: { failureToast: adminToasts.loadFailed() },
  });
  const daily = overview.data?.daily;
  const data = useMemo(
    (): uPlot.AlignedData | undefined =>
      daily && [
        daily.map((day) => Date.parse(`${day.date}T00:00:00Z`) / 1000),
        daily.map((day) => day.candidates),
        daily.map((day) => day.companies),
      ],
    [daily],
  );
  if (!daily || !data)
    return <Pending failed={overview.isError} failure="The daily figures could not be loaded." />;
  return (
    <ChartFigure
      className="shadow-sm"
      caption="Leads and companies per day, last 30 days (UTC)"
      chart={<UPlotChart options={options} data={data} testId="daily-chart" />}
      tableToggle="Show the figures as a table"
      headers={['Day', 'Leads', 'Companies']}
      rows={daily.map((day) => ({
        key: day.date,
        cells: [day.date, day.candidates, day.companies],
      }))}
    />
  );
}

export function OverviewTab() {
  return (
    <div className="grid gap-8">
      <OutcomeCards />
      <FunnelSection />
      <DailyLeads />
    </div>
  );
}
