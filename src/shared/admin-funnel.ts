// GET /api/admin/funnel: what the server answers and the Overview's Funnel section shows.
import { integer, listOf, nullableText, objectOf, text, type FromSchema } from './json-schema';
import { DAY_MS } from './calendar-day';

/** The widest range a report covers, in days (from and to included): two years, a leap day. */
export const REPORT_MAX_DAYS = 731;
/** Where the spend upload's CSV template is downloaded (the screen links it, a 400 names it). */
export const SPEND_TEMPLATE_URL = '/api/admin/spend/template.csv';
/** Keys a grouping lists, and unmatched campaigns by name: the rest are summed (a small answer). */
export const KEYS_LISTED = 100;
export const UNMATCHED_LISTED = 100;

/**
 * The funnel's stages, declared once. Each counts the leads that reached AT LEAST that stage, so
 * the funnel never rises. `status`/`call`: the pipeline status or call that reaches the stage.
 * `cost` divides a row's spend by all its leads at the stage; `paidCost` only by the paid
 * campaigns' leads, which organic leads do not make look cheaper.
 */
export const funnelStages = [
  {
    key: 'leads',
    label: 'Leads',
    meaning: 'Candidates who left an e-mail',
    cost: 'costPerLead',
    paidCost: 'costPerPaidLead',
    costLabel: 'Cost per lead',
  },
  {
    key: 'applications',
    label: 'Applications',
    meaning:
      'Leads who completed an application by any path (/candidates with the questionnaire, or ' +
      '/apply), or booked a call, or were enrolled or placed',
    cost: 'costPerApplication',
    paidCost: 'costPerPaidApplication',
    costLabel: 'Cost per application',
  },
  {
    key: 'booked',
    label: 'Booked calls',
    meaning: 'Leads holding or having held a screening call not cancelled, or enrolled or placed',
    call: 'booked',
    cost: 'costPerBookedCall',
    paidCost: 'costPerPaidBookedCall',
    costLabel: 'Cost per booked call',
  },
  {
    key: 'attended',
    label: 'Attended calls',
    meaning: 'Leads whose call a recruiter marked attended or late, or enrolled or placed',
    call: 'attended',
    cost: 'costPerAttendedCall',
    paidCost: 'costPerPaidAttendedCall',
    costLabel: 'Cost per attended call',
  },
  {
    key: 'enrolled',
    label: 'Enrolled',
    meaning: 'Leads whose status is enrolled or placed now',
    status: 'enrolled',
    cost: 'costPerEnrolled',
    paidCost: 'costPerPaidEnrolled',
    costLabel: 'Cost per enrolled',
  },
  {
    key: 'placed',
    label: 'Placed',
    meaning: 'Leads whose status is placed now',
    status: 'placed',
    cost: 'costPerPlacement',
    paidCost: 'costPerPaidPlacement',
    costLabel: 'Cost per placement',
  },
] as const;
export type FunnelStage = (typeof funnelStages)[number];
/** Each stage's cost per lead, or per paid lead ('Cost per paid lead'): its header and field. */
export const costColumns = (paid: boolean) =>
  funnelStages.map((stage) =>
    paid
      ? ([stage.costLabel.replace('Cost per', 'Cost per paid'), stage.paidCost] as const)
      : ([stage.costLabel, stage.cost] as const),
  );
export type FunnelStageKey = FunnelStage['key'];

/** Why leads may outnumber visitors: what the screen says where they do. */
export const VISITORS_UNDERCOUNTED =
  'Visitors are under-counted: people behind one shared address (carrier NAT on phones) count ' +
  'once, and visitors who refused consent or block the count are not counted.';

const ratio = (description: string) => ({ type: ['number', 'null'], description }) as const;

const stageCounts = Object.fromEntries(
  funnelStages.map((stage) => [stage.key, { ...integer, description: stage.meaning }]),
) as { [Key in FunnelStageKey]: typeof integer & { description: string } };
const cost = (count: string, paid: boolean) =>
  ({
    type: ['integer', 'null'],
    description: paid
      ? `spend / ${count} of the campaigns with spend (paid), in minor units; null when there are none or no spend`
      : `spend / ${count} in minor units; null when ${count} is 0 or there is no spend`,
  }) as const;
const stageCosts = Object.fromEntries(
  funnelStages.flatMap((stage) => [
    [stage.cost, cost(stage.key, false)],
    [stage.paidCost, cost(stage.key, true)],
  ]),
) as { [Stage in FunnelStage as Stage['cost' | 'paidCost']]: ReturnType<typeof cost> };

const stepProperties = {
  key: {
    ...nullableText,
    description: 'The landing page path, landing variant, utm_source or utm_campaign; null: none',
  },
  visitors: { ...integer, description: 'Visitors counted (decision 115)' },
  ...stageCounts,
  recoveredByReminders: {
    ...integer,
    description: 'Leads that finished the step a reminder asked for, after the reminder',
  },
  companies: {
    ...integer,
    description:
      'Company leads (employers), counted beside the candidates, in no stage (their rate: companyRate)',
  },
  leadRate: ratio('leads / visitors, at most 1; null when visitors is 0'),
  companyRate: ratio('companies / visitors, at most 1; null when visitors is 0'),
  applicationRate: ratio('applications / leads (0..1); null when leads is 0'),
  showRate: ratio('Calls marked attended or late / calls marked (0..1); null when none marked'),
  medianHoursToBooking: ratio(
    "Median hours from a lead's arrival to its booking, of the leads who booked; null: none",
  ),
  visitorsUndercounted: {
    type: 'boolean',
    description: `More leads and companies than visitors counted. ${VISITORS_UNDERCOUNTED}`,
  },
  spend: {
    type: ['integer', 'null'],
    description: 'Ad spend in minor units (a campaign shared by its visitors); null: none',
  },
  currency: { ...nullableText, description: "The spend's ISO 4217 code" },
  ...stageCosts,
} as const;
const steps = listOf(stepProperties);
const unlisted = objectOf({
  keys: integer,
  visitors: integer,
  leads: integer,
  spend: { ...integer, description: 'Minor units' },
});

export const funnelSchema = objectOf({
  from: text,
  to: text,
  total: objectOf(
    stepProperties,
    "The whole range (key null): every lead and visitor; the spend that bought candidates: matched campaigns' but those whose leads are all companies",
  ),
  landingPages: {
    ...steps,
    description:
      "Per landing page path (the visit's entry page, the lead's source page), every page " +
      "included; a campaign's spend of each day is shared among its pages by their share of " +
      "that day's visitors",
  },
  variants: {
    ...steps,
    description: 'Per landing variant: the A/B comparison, both always listed',
  },
  utmSources: {
    ...steps,
    description:
      "Per utm_source: its visitors' (else leads') share of matched spend, as pages'; unmatchedSpend holds the rest",
  },
  utmCampaigns: steps,
  unlisted: objectOf(
    { landingPages: unlisted, variants: unlisted, utmSources: unlisted, utmCampaigns: unlisted },
    `What each grouping leaves out past its first ${KEYS_LISTED} keys by spend, then visitors`,
  ),
  currency: {
    ...nullableText,
    description: 'The one currency of every amount; null: no spend in the range',
  },
  currencies: listOf({ currency: text, spend: integer }),
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
    days: { ...integer, description: 'Its days in the range: under 7, a partial week' },
  }),
});
export type FunnelFigures = FromSchema<typeof funnelSchema>;
export type FunnelStep = FunnelFigures['total'];
export type UnmatchedSpend = FunnelFigures['unmatchedSpend'][number];
export type FunnelWeek = FunnelFigures['weeks'][number];

/** Days from `from` to `to`, both included (two calendar days as YYYY-MM-DD). */
export const daysIncluded = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00.000Z`) - Date.parse(`${from}T00:00:00.000Z`)) / DAY_MS + 1;
