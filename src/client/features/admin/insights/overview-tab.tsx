import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Conversion, OverviewFigures } from '@shared/admin-overview';
import { adminToasts } from '../ui/admin-toasts';
import { ChartFigure } from './charts/chart-figure';
import { FiguresTables, type Figures } from './figures-table';
import { FunnelSection } from './funnel-section';
import { formatNumber } from '../ui/format';
import { Pending } from '../ui/panel';
import type uPlot from 'uplot';
import { axisStroke, fromZero, lines, UPlotChart } from './charts/uplot-chart';

const percent = (part: number, whole: number) =>
  whole === 0 ? '—' : `${((part / whole) * 100).toFixed(1)}%`;

const conversionFigures: Figures<Conversion> = {
  titles: { variants: 'Landing variants', utmSources: 'UTM sources (landing e-mail leads)' },
  columns: [
    { header: 'E-mail leads', value: (row) => formatNumber(row.emailLeads) },
    { header: 'Full applications', value: (row) => formatNumber(row.applications) },
    { header: 'Conversion', value: (row) => percent(row.applications, row.emailLeads) },
  ],
  empty: 'No e-mail leads from the landing pages yet.',
};

const options = {
  scales: {
    x: { time: true },
    y: { range: fromZero(5) },
  },
  series: [{}, { label: 'Candidates', ...lines[0] }, { label: 'Companies', ...lines[1] }],
  axes: [{ stroke: axisStroke }, { stroke: axisStroke }],
};

function DailyChart({ daily }: { daily: OverviewFigures['daily'] }) {
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

/** Counts of each lead type, leads per day for 30 days, landing conversion, and the funnel. */
export function OverviewTab() {
  const overview = useQuery<OverviewFigures>({
    queryKey: ['/api/admin/overview'],
    meta: { failureToast: adminToasts.loadFailed() },
  });
  const data = overview.data;
  if (!data)
    return <Pending failed={overview.isError} failure="The overview could not be loaded." />;
  const { counts } = data;
  return (
    <div className="grid gap-8">
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        {(
          [
            ['Typeform Leads', counts.questionnaire, 'Started through /candidates'],
            ['Candidates', counts.candidates, 'Full applications'],
            ['Companies', counts.companies, 'Company leads and requests'],
            ['Candidate e-mails', counts.candidateEmails, 'E-mail only'],
            ['Company e-mails', counts.companyEmails, 'E-mail only'],
          ] as const
        ).map(([label, value, note]) => (
          <div key={label} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
            <dt className="text-sm font-medium text-slate-700">{label}</dt>
            <dd className="mt-1 text-3xl font-semibold text-slate-900">{formatNumber(value)}</dd>
            <dd className="mt-1 text-xs text-slate-600">{note}</dd>
          </div>
        ))}
      </dl>
      <ChartFigure
        className="shadow-sm"
        caption="Leads per day, last 30 days (UTC)"
        chart={<DailyChart daily={data.daily} />}
        tableToggle="Show the figures as a table"
        headers={['Day', 'Candidates', 'Companies']}
        rows={data.daily.map((day) => ({
          key: day.date,
          cells: [day.date, day.candidates, day.companies],
        }))}
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <FiguresTables figures={conversionFigures} data={data} />
      </div>
      <FunnelSection />
    </div>
  );
}
