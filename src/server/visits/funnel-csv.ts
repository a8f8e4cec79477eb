import type { FunnelFigures, FunnelStep } from '@shared/admin-funnel';
import { csv } from '../leads';
import { toDecimal } from '../spend';

const GROUPINGS = [
  ['variants', 'Landing page'],
  ['utmSources', 'UTM source'],
  ['utmCampaigns', 'UTM campaign'],
] as const;

/** The funnel's figures as CSV like the lead exports, amounts as decimals. */
export function funnelCsv(figures: FunnelFigures): string {
  const money = (minor: number | null) =>
    minor === null || figures.currency === null ? '' : toDecimal(minor, figures.currency);
  const ratio = (value: number | null) => (value === null ? '' : String(value));
  const columns: [header: string, cell: (step: FunnelStep) => string | number][] = [
    ['Key', (step) => step.key ?? '(none)'],
    ['Visitors', (step) => step.visitors],
    ['Leads', (step) => step.leads],
    ['Questionnaires', (step) => step.questionnaires],
    ['Applications', (step) => step.applications],
    ['Recovered by reminders', (step) => step.recoveredByReminders],
    ['Enrolled', (step) => step.enrolled],
    ['Placed', (step) => step.placed],
    ['Lead rate', (step) => ratio(step.leadRate)],
    ['Questionnaire rate', (step) => ratio(step.questionnaireRate)],
    ['Application rate', (step) => ratio(step.applicationRate)],
    ['Spend', (step) => money(step.spend)],
    ['Currency', (step) => step.currency ?? ''],
    ['Cost per lead', (step) => money(step.costPerLead)],
    ['Cost per application', (step) => money(step.costPerApplication)],
    ['Cost per enrolled', (step) => money(step.costPerEnrolled)],
    ['Cost per placement', (step) => money(step.costPerPlacement)],
  ];
  const more = figures.moreUnmatchedSpend;
  const unmatchedRow = (key: string, spend: number) => [
    'Unmatched spend',
    key,
    ...Array<string>(10).fill(''),
    money(spend),
    figures.currency ?? '',
    ...Array<string>(4).fill(''),
  ];
  return (
    csv.BOM +
    csv.csvLines([
      ['Grouping', ...columns.map(([header]) => header)],
      ...GROUPINGS.flatMap(([field, grouping]) =>
        figures[field].map((step) => [grouping, ...columns.map(([, cell]) => cell(step))]),
      ),
      // Spend that matched no campaign of the range is listed, never dropped (decision 165).
      ...figures.unmatchedSpend.map((spend) =>
        unmatchedRow(`${spend.source} ${spend.campaignName}`, spend.spend),
      ),
      ...(more.campaigns > 0 ? [unmatchedRow(`${more.campaigns} more campaigns`, more.spend)] : []),
    ])
  );
}
