import { useMemo, useState } from 'react';
import type uPlot from 'uplot';
import {
  costColumns,
  funnelStages,
  type FunnelFigures,
  type FunnelStep,
  type FunnelWeek,
} from '@shared/admin-funnel';
import { DAY_MS } from '@shared/calendar-day';
import { Button } from '../../../components/ui/button';
import { downloadFile } from '../api/http';
import { useCan } from '../api/session';
import { Select } from '../ui/controls';
import { SpendUpload } from './spend-upload';
import { MatchedList, UnmatchedList } from './campaign-matches';
import { FiguresTable, keyHeaders, keyNoun, type FigureColumn } from './figures-table';
import { axisStroke, ChartFigure, fromZero, lines, UPlotChart } from './charts';
import { formatNumber, majorUnits, money } from '../ui/format';
import { Panel } from '../ui/panel';
import { useKeepFocus } from '../ui/keep-focus';

/** A week ends when its Sunday does: all 7 days in the range, today a Sunday, it is in progress. */
const inProgress = (week: FunnelWeek) =>
  Date.parse(`${week.week}T00:00:00Z`) + 7 * DAY_MS > Date.now();
const isPartial = (week: FunnelWeek | undefined) =>
  week !== undefined && (week.days < 7 || inProgress(week));
const dash = [6, 4];
/** "Week of 2026-11-30", and how much of it a partial week holds. */
const weekLabel = (week: FunnelWeek) =>
  isPartial(week)
    ? `${week.week} (partial: ${week.days < 7 ? `${week.days} of 7 days` : 'in progress'})`
    : week.week;

/**
 * Spend (left axis, in the report's currency) and placements (right axis) per week; a partial
 * week's line dashed, as a series of its own (uPlot dashes a whole series): a week in progress
 * is not a drop.
 */
function SpendChart({ weeks, currency }: { weeks: FunnelWeek[]; currency: string }) {
  const options = useMemo(
    () => ({
      scales: { x: { time: true }, spend: { range: fromZero(10) }, placed: { range: fromZero(3) } },
      series: [
        {},
        { label: `Spend (${currency})`, scale: 'spend', ...lines[0] },
        { label: 'Placements', scale: 'placed', ...lines[1] },
        { label: 'Spend, partial week', scale: 'spend', ...lines[0], fill: undefined, dash },
        { label: 'Placements, partial week', scale: 'placed', ...lines[1], dash },
      ],
      axes: [
        {
          stroke: axisStroke,
          space: 80,
          // uPlot's own ticks fall on any day: these are the weeks' Mondays, every n-th where narrow.
          splits: (chart: uPlot, _axis: number, _min: number, _max: number, incr: number) =>
            [...chart.data[0]].filter((_, index) => index % Math.ceil(incr / (7 * 86_400)) === 0),
          values: '{WWW}, {MMM} {D}',
        },
        { scale: 'spend', stroke: axisStroke },
        { scale: 'placed', side: 1, stroke: axisStroke, grid: { show: false } },
      ],
    }),
    [currency],
  );
  const data = useMemo((): uPlot.AlignedData => {
    const [spend, placed] = [
      weeks.map((week) => majorUnits(week.spend, currency)),
      weeks.map((week) => week.placed),
    ];
    // Full weeks solid; a partial week and its neighbours dashed, so the lines meet.
    const full = (values: number[]) =>
      values.map((value, index) => (isPartial(weeks[index]) ? null : value));
    const partial = (values: number[]) =>
      values.map((value, index) =>
        [-1, 0, 1].some((step) => isPartial(weeks[index + step])) ? value : null,
      );
    return [
      weeks.map((week) => Date.parse(`${week.week}T00:00:00Z`) / 1000),
      full(spend),
      full(placed),
      partial(spend),
      partial(placed),
    ];
  }, [weeks, currency]);
  return <UPlotChart options={options} data={data} testId="spend-chart" />;
}

const GROUPINGS = (['utmCampaigns', 'utmSources', 'landingPages'] as const).map((value) => ({
  value,
  label: keyHeaders[value],
}));
type Grouping = (typeof GROUPINGS)[number]['value'];

/** A campaign's costs are per lead (all paid where it has spend); the others' per paid lead. */
const costs = (paid: boolean) => [
  ...funnelStages.map((stage) => [stage.label, stage.key, false] as const),
  ['Spend', 'spend', true] as const,
  ...costColumns(paid).map(([header, cost]) => [header, cost, true] as const),
  ['Companies', 'companies', false] as const,
];

/** How landing pages and variants get their spend (spend-costs.ts shares it so). */
const ALLOCATION =
  "Spend of each campaign is shared among its landing pages by their share of its visitors, a day at a time (by its leads' pages where it has no visitors counted). A page's or source's costs are per paid lead: only its leads from campaigns with spend count, not organic ones; a source's spend is shared by its visitors like a page's.";

/** The funnel's counts and costs per grouping, sorted by spend (most first) until re-sorted. */
function CostsTable({ data }: { data: FunnelFigures }) {
  const [grouping, setGrouping] = useState<Grouping>('utmCampaigns');
  const columns = costs(grouping !== 'utmCampaigns').map(
    ([header, field, isMoney]): FigureColumn<FunnelStep> => ({
      header,
      value: (row) => (isMoney ? money(row[field], data.currency) : formatNumber(row[field])),
      sortValue: (row) => row[field],
    }),
  );
  return (
    <div className="grid gap-3">
      <Select
        label="Costs per"
        value={grouping}
        onChange={(value) => setGrouping(value as Grouping)}
        options={GROUPINGS}
        className="max-w-xs"
      />
      <FiguresTable
        caption={`Costs per ${keyNoun(grouping)}${data.currency ? ` (${data.currency})` : ''}`}
        by={grouping}
        columns={columns}
        rows={data[grouping]}
        empty="No visits, leads or spend in this range."
        initialSort={{ column: funnelStages.length, ascending: false }}
        testId="costs-table"
        note={ALLOCATION}
        unlisted={{ ...data.unlisted[grouping], currency: data.currency }}
      />
    </div>
  );
}

export function CostsSection({
  data,
  onCurrency,
}: {
  data: FunnelFigures;
  onCurrency(currency: string): void;
}) {
  const canWork = useCan('work');
  // A matched campaign leaves the list: the focus goes to the next one, else to the heading.
  const keepFocus = useKeepFocus('[data-row="unmatched"]', '#costs-heading');
  const csvUrl = `/api/admin/funnel.csv?${new URLSearchParams({
    from: data.from,
    to: data.to,
    ...(data.currency && { currency: data.currency }),
  })}`;
  return (
    <Panel
      id="costs"
      title="Costs"
      level={3}
      className="grid gap-4"
      titleClassName="text-lg"
      focusable
      ref={keepFocus}
    >
      {canWork && <SpendUpload />}
      <div className="flex flex-wrap items-end gap-4">
        {data.currencies.length > 1 && data.currency && (
          <Select
            label="Currency (a report never mixes two)"
            value={data.currency}
            onChange={onCurrency}
            options={data.currencies.map(({ currency }) => ({ value: currency, label: currency }))}
            className="max-w-xs"
          />
        )}
        <Button variant="outline" size="sm" onClick={() => downloadFile(csvUrl)}>
          Download the funnel as CSV
        </Button>
      </div>
      <p className="text-sm text-slate-700">
        {data.currency === null
          ? 'No ad spend in this range: costs show once spend is pulled or uploaded.'
          : "Spend is counted by the ad account's days (Meta's end at midnight in the account's time zone), visitors and leads by UTC days: a single day's costs can be hours of traffic off; a week or more evens out."}
      </p>
      <CostsTable data={data} />
      {data.currency && (
        <>
          <ChartFigure
            caption={`Spend and placements per week (${data.currency}; a lead counts in the week it arrived; dashed: a partial week, only partly in the range or still in progress)`}
            chart={<SpendChart weeks={data.weeks} currency={data.currency} />}
            tableToggle="Show the weeks as a table"
            headers={['Week of', 'Spend', 'Placements']}
            rows={data.weeks.map((week) => ({
              key: week.week,
              cells: [weekLabel(week), money(week.spend, data.currency), week.placed],
            }))}
          />
          <UnmatchedList
            unmatched={data.unmatchedSpend}
            more={data.moreUnmatchedSpend}
            currency={data.currency}
            campaigns={data.utmCampaigns.flatMap((step) =>
              step.key !== null && step.spend === null ? [step.key] : [],
            )}
          />
          <MatchedList />
        </>
      )}
    </Panel>
  );
}
