import { costColumns, funnelStages } from '@shared/admin-funnel';
import type { FunnelFigures, FunnelStep } from '@shared/admin-funnel';
import { csv } from '../leads';
import { toDecimal } from '../spend';

const GROUPINGS = [
  ['landingPages', 'Landing page'],
  ['variants', 'Landing variant'],
  ['utmSources', 'UTM source'],
  ['utmCampaigns', 'UTM campaign'],
] as const;

/** The funnel's figures as CSV like the lead exports, amounts as decimals; stages as declared. */
export function funnelCsv(figures: FunnelFigures): string {
  const money = (minor: number | null) =>
    minor === null || figures.currency === null ? '' : toDecimal(minor, figures.currency);
  const ratio = (value: number | null) => (value === null ? '' : String(value));
  type Column = [header: string, cell: (step: FunnelStep) => string | number];
  const counts: Column[] = [
    ['Visitors', (step) => step.visitors],
    ...funnelStages.map(({ key, label }): Column => [label, (step) => step[key]]),
    ['Recovered by reminders', (step) => step.recoveredByReminders],
    ['Lead rate', (step) => ratio(step.leadRate)],
    ['Application rate', (step) => ratio(step.applicationRate)],
    ['Show rate', (step) => ratio(step.showRate)],
    ['Median hours to booking', (step) => ratio(step.medianHoursToBooking)],
    ['Visitors under-counted', (step) => (step.visitorsUndercounted ? 'yes' : '')],
  ];
  const costs: Column[] = [
    ['Spend', (step) => money(step.spend)],
    ['Currency', (step) => step.currency ?? ''],
    // Each cost keeps its meaning in every row, as the JSON's (decision 177).
    ...[false, true].flatMap((paid) =>
      costColumns(paid).map(([header, cost]): Column => [header, (step) => money(step[cost])]),
    ),
  ];
  // Company leads come last, so no column of before moves (decision 115).
  const companies: Column[] = [
    ['Companies', (step) => step.companies],
    ['Company rate', (step) => ratio(step.companyRate)],
  ];
  const columns: Column[] = [...counts, ...costs, ...companies];
  const row = (grouping: string, key: string, step: FunnelStep) => [
    grouping,
    key,
    ...columns.map(([, cell]) => cell(step)),
  ];
  const more = figures.moreUnmatchedSpend;
  /** A row of sums: spend, and visitors and leads when given. */
  const sumRow = (grouping: string, key: string, spend: number, ...visitorsLeads: number[]) => [
    grouping,
    key,
    ...counts.map((_, index) => visitorsLeads[index] ?? ''),
    money(spend),
    figures.currency ?? '',
    ...[...costs.slice(2), ...companies].map(() => ''),
  ];
  return (
    csv.BOM +
    csv.csvLines([
      ['Grouping', 'Key', ...columns.map(([header]) => header)],
      row('Total', '', figures.total),
      ...GROUPINGS.flatMap(([field, grouping]) => {
        const { keys, spend, visitors, leads } = figures.unlisted[field];
        return [
          ...figures[field].map((step) => row(grouping, step.key ?? '(none)', step)),
          // The keys past those listed, summed, so the rows add up to the total.
          ...(keys > 0
            ? [sumRow(grouping, `${keys} more not listed`, spend, visitors, leads)]
            : []),
        ];
      }),
      // Spend that matched no campaign of the range is listed, never dropped (decision 165).
      ...figures.unmatchedSpend.map((spend) =>
        sumRow('Unmatched spend', `${spend.source} ${spend.campaignName}`, spend.spend),
      ),
      ...(more.campaigns > 0
        ? [sumRow('Unmatched spend', `${more.campaigns} more campaigns`, more.spend)]
        : []),
    ])
  );
}
