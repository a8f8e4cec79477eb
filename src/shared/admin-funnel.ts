// GET /api/admin/funnel: what the server answers and the Overview's Funnel section shows.
import { integer, listOf, nullableText, objectOf, text, type FromSchema } from './json-schema';

/** The widest range a report covers, in days (from and to included): two years, a leap day. */
export const REPORT_MAX_DAYS = 731;
/** Unmatched campaigns listed by name; the rest are summed up (the answer stays small). */
export const UNMATCHED_LISTED = 100;

const ratio = {
  type: ['number', 'null'],
  description: 'Share of the previous step (0..1); null when that step is 0',
} as const;
const cost = (count: string) =>
  ({
    type: ['integer', 'null'],
    description: `spend / ${count} in minor units; null when ${count} is 0 or there is no spend`,
  }) as const;

const steps = listOf({
  key: { ...nullableText, description: 'The variant, utm_source or utm_campaign; null: none' },
  visitors: integer,
  leads: integer,
  questionnaires: { ...integer, description: 'Candidates who completed the questionnaire' },
  applications: { ...integer, description: 'Full applications' },
  recoveredByReminders: {
    ...integer,
    description: 'Leads that finished the step a reminder asked for, after the reminder',
  },
  enrolled: { ...integer, description: 'Leads whose status is enrolled or placed now' },
  placed: { ...integer, description: 'Leads whose status is placed now' },
  leadRate: { ...ratio, description: 'leads / visitors' },
  questionnaireRate: { ...ratio, description: 'questionnaires / leads' },
  applicationRate: { ...ratio, description: 'applications / leads' },
  spend: { type: ['integer', 'null'], description: 'Matched ad spend in minor units; null: none' },
  currency: { ...nullableText, description: "The spend's ISO 4217 code" },
  costPerLead: cost('leads'),
  costPerApplication: cost('applications'),
  costPerEnrolled: cost('enrolled'),
  costPerPlacement: cost('placed'),
});

export const funnelSchema = objectOf({
  from: text,
  to: text,
  variants: steps,
  utmSources: steps,
  utmCampaigns: steps,
  currency: {
    ...nullableText,
    description: 'The one currency of every amount; null: no spend in the range',
  },
  currencies: listOf({ currency: text, spend: integer }),
  /** Spend of a campaign that no lead's utm_campaign matched (nor the admin's mapping). */
  unmatchedSpend: {
    ...listOf({ source: text, campaign: text, campaignName: text, spend: integer }),
    description: `The ${UNMATCHED_LISTED} campaigns of most unmatched spend, most first`,
  },
  moreUnmatchedSpend: objectOf(
    { campaigns: integer, spend: integer },
    'The unmatched campaigns past those listed: how many, and their spend together',
  ),
  weeks: listOf({
    week: { ...text, description: 'Its Monday (UTC)' },
    spend: integer,
    placed: { ...integer, description: 'Leads that arrived that week, placed now' },
  }),
});
export type FunnelFigures = FromSchema<typeof funnelSchema>;
export type FunnelStep = FunnelFigures['variants'][number];
export type UnmatchedSpend = FunnelFigures['unmatchedSpend'][number];
export type FunnelWeek = FunnelFigures['weeks'][number];

/** Days from `from` to `to`, both included (two calendar days as YYYY-MM-DD). */
export const daysIncluded = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00.000Z`) - Date.parse(`${from}T00:00:00.000Z`)) / 86_400_000 + 1;

/** A real calendar day as YYYY-MM-DD (2024-02-30 is not one): the funnel's range, spend's days. */
export function isCalendarDay(text: string | undefined): text is string {
  if (text === undefined || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const time = Date.parse(`${text}T00:00:00.000Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === text;
}
