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
  const stepRow = (grouping: string, step: FunnelStep) => [
    grouping,
    step.key ?? '(none)',
    step.visitors,
    step.leads,
    step.questionnaires,
    step.applications,
    step.recoveredByReminders,
    step.enrolled,
    step.placed,
    ratio(step.leadRate),
    ratio(step.questionnaireRate),
    ratio(step.applicationRate),
    money(step.spend),
    step.currency ?? '',
    money(step.costPerLead),
    money(step.costPerApplication),
    money(step.costPerEnrolled),
    money(step.costPerPlacement),
  ];
  return (
    csv.BOM +
    csv.csvLines([
      [
        'Grouping',
        'Key',
        'Visitors',
        'Leads',
        'Questionnaires',
        'Applications',
        'Recovered by reminders',
        'Enrolled',
        'Placed',
        'Lead rate',
        'Questionnaire rate',
        'Application rate',
        'Spend',
        'Currency',
        'Cost per lead',
        'Cost per application',
        'Cost per enrolled',
        'Cost per placement',
      ],
      ...GROUPINGS.flatMap(([field, grouping]) =>
        figures[field].map((step) => stepRow(grouping, step)),
      ),
      // Spend that matched no campaign of the range is listed, never dropped (decision 165).
      ...figures.unmatchedSpend.map((spend) => [
        'Unmatched spend',
        `${spend.source} ${spend.campaignName}`,
        ...Array<string>(10).fill(''),
        money(spend.spend),
        figures.currency ?? '',
        '',
        '',
        '',
        '',
      ]),
    ])
  );
}
