import type { Kysely } from 'kysely';
import { median } from 'simple-statistics';
import {
  funnelStages,
  KEYS_LISTED,
  UNMATCHED_LISTED,
  type FunnelFigures,
  type FunnelStep,
} from '@shared/admin-funnel';
import { landingVariants } from '@shared/enums';
import { leadFunnel } from '../leads';
import { firstInTurns, type DayRange } from '../platform/database/report-reads';
import { costsOf, matchSpend, weeksOf, type SpendStore } from '../spend';
import { byWeeksOfLeads, CAMPAIGNS_AT_ONCE, pagesOfLeads } from './funnel-reads';
import type { VisitTables } from './visit-tables';
import { pagesOfCampaigns, visitorsByKey, type VisitKey } from './visitors-by-key';

const rate = (part: number, whole: number) =>
  whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : null;

/** What is counted per key: the funnel's stages, the reminders' recoveries, the company leads. */
const LEAD_COUNTS = [
  ...funnelStages.map((stage) => stage.key),
  'recoveredByReminders',
  'companies',
] as const;
type Counts = Pick<FunnelStep, 'key' | 'visitors' | (typeof LEAD_COUNTS)[number]>;
/** A row of candidates' counts or of companies' count, per key. */
type LeadRow = { key: string | null } & Partial<
  Record<(typeof LEAD_COUNTS)[number], number | string | null>
>;

const zeroCounts = (key: string | null) =>
  ({ key, visitors: 0, ...Object.fromEntries(LEAD_COUNTS.map((count) => [count, 0])) }) as Counts;

/** A booked lead's call: hours from its arrival to booking, and the recruiter's mark. */
type BookedCall = { hours: number; marked: boolean; attended: boolean };

/** A grouping of the funnel: the column of visits and the column of leads it groups by. */
const DIMENSIONS = {
  landingPages: { visits: 'page', leads: 'source_page' },
  variants: { visits: 'landing_variant', leads: 'landing_variant' },
  utmSources: { visits: 'utm_source', leads: 'utm_source' },
  utmCampaigns: { visits: 'utm_campaign', leads: 'utm_campaign' },
} as const satisfies Record<string, { visits: VisitKey; leads: leadFunnel.FunnelDimension }>;

/** Counts, their rates (never past 1: visitors are under-counted) and costs. */
const stepOf = (
  counts: Counts,
  spend: number | undefined,
  currency: string | null,
  calls: readonly BookedCall[] = [],
  paid?: Counts,
) => ({
  ...counts,
  leadRate: rate(Math.min(counts.leads, counts.visitors), counts.visitors),
  // A company page's rate: its company leads per visitor (decision 177).
  companyRate: rate(Math.min(counts.companies, counts.visitors), counts.visitors),
  applicationRate: rate(counts.applications, counts.leads),
  showRate: rate(
    calls.filter((call) => call.attended).length,
    calls.filter((call) => call.marked).length,
  ),
  medianHoursToBooking:
    calls.length === 0 ? null : Math.round(median(calls.map((call) => call.hours)) * 10) / 10,
  visitorsUndercounted: counts.leads + counts.companies > counts.visitors,
  ...costsOf(counts, spend, currency, paid),
});

/**
 * The funnel of the UTC `days`: visitors, leads, spend in one currency and the calls `booked`
 * (decisions 165, 177); with `before`, only leads created before it and that day's spend pro rata.
 */
export async function funnelFigures(
  db: Kysely<VisitTables>,
  spendStore: SpendStore,
  days: DayRange,
  currency: string | undefined,
  booked: leadFunnel.BookedCalls,
  before?: string,
): Promise<FunnelFigures> {
  const { from, to } = days;
  const range = { ...days, before };
  /** Leads per key of `dimension` ('' is null), of `campaigns` only when given. */
  const leadsPer = async (dimension: leadFunnel.FunnelDimension, campaigns?: string[]) => {
    const counts = new Map<string | null, Counts>();
    for (let at = 0; at < (campaigns?.length ?? 1); at += CAMPAIGNS_AT_ONCE) {
      const some = campaigns?.slice(at, at + CAMPAIGNS_AT_ONCE);
      // Company leads are counted beside the candidates, never among them (decision 115).
      const reads: AsyncIterable<LeadRow[]>[] = [
        byWeeksOfLeads(range, (fromIso, toIso) =>
          leadFunnel.funnelLeadsQuery(db, dimension, fromIso, toIso, booked, some),
        ),
        byWeeksOfLeads(range, (fromIso, toIso) =>
          leadFunnel.funnelCompaniesQuery(db, dimension, fromIso, toIso, some),
        ),
      ];
      for (const leads of reads) {
        for await (const rows of leads) {
          for (const row of rows) {
            const key = row.key || null;
            const target = counts.get(key) ?? zeroCounts(key);
            for (const count of LEAD_COUNTS) target[count] += Number(row[count] ?? 0);
            counts.set(key, target);
          }
        }
      }
    }
    return counts;
  };
  /** Each booked lead's call per key of `dimension` ('' is null). */
  const callsPer = async (dimension: leadFunnel.FunnelDimension) => {
    const calls = new Map<string | null, BookedCall[]>();
    const times = byWeeksOfLeads(range, (fromIso, toIso) =>
      leadFunnel.bookingTimesQuery(db, dimension, booked, fromIso, toIso),
    );
    for await (const rows of times) {
      for (const { key, createdAt, bookedAt, attended, marked } of rows) {
        const ofKey = calls.get(key || null) ?? [];
        const hours = (Date.parse(bookedAt) - Date.parse(createdAt)) / 3_600_000;
        ofKey.push({ hours, attended: Number(attended) === 1, marked: Number(marked) === 1 });
        calls.set(key || null, ofKey);
      }
    }
    return calls;
  };
  const campaignLeads = await leadsPer('utm_campaign');
  const total = zeroCounts(null);
  for (const counts of campaignLeads.values())
    for (const count of LEAD_COUNTS) total[count] += counts[count];
  const spend = await spendStore.inRange(range, currency);
  // What spend may match (decision 165): its campaigns' ids and names, and the mappings.
  const spendValues = [
    ...new Set([
      ...spend.campaigns.flatMap(({ campaign, campaignName }) => [campaign, campaignName]),
      ...spend.mappings.map(({ utmCampaign }) => utmCampaign),
    ]),
  ].filter((value) => value !== '');
  const visitorsOf = await pagesOfCampaigns(db, spendValues, range);
  // A campaign none of whose visitors were counted is shared by its leads' pages instead.
  const leadsOf = await pagesOfLeads(
    db,
    spendValues.filter((value) => !visitorsOf.has(value) && campaignLeads.has(value)),
    range,
  );
  const matched = matchSpend(
    spend,
    { has: (key) => visitorsOf.has(key) || campaignLeads.has(key) },
    (key) => visitorsOf.get(key) ?? leadsOf.get(key) ?? [],
  );
  // The total's costs are per candidate: the spend that bought them is matched campaigns', but
  // not one whose leads are all companies (an employer campaign), nor unmatched (decision 177).
  let candidateSpend: number | undefined;
  const paidTotal = zeroCounts(null);
  for (const [key, amount] of matched.utmCampaigns) {
    const counts = campaignLeads.get(key) ?? zeroCounts(key);
    if (counts.leads === 0 && counts.companies > 0) continue;
    candidateSpend = (candidateSpend ?? 0) + amount;
    for (const count of LEAD_COUNTS) paidTotal[count] += counts[count];
  }
  const placedDays: { day: string; placed: number }[] = [];
  const placed = byWeeksOfLeads(range, (fromIso, toIso) =>
    leadFunnel.placedByDayQuery(db, fromIso, toIso),
  );
  for await (const rows of placed)
    for (const row of rows) placedDays.push({ day: row.day, placed: Number(row.placed) });

  const grouped = {} as Pick<FunnelFigures, keyof typeof DIMENSIONS>;
  const unlisted = {} as FunnelFigures['unlisted'];
  /**
   * Sets the first keys of `name` by spend (none hides behind free traffic), visitors, then
   * leads, listed by visitors, leads, spend, ties in the order read (`listed` last, zero if not
   * seen), and what was left out; returns the calls and every visitor of the range.
   */
  const firstSteps = async (
    name: keyof typeof DIMENSIONS,
    listed: Iterable<string> = [],
    read?: Map<string | null, Counts>,
  ) => {
    const dimension = DIMENSIONS[name];
    const leads = read ?? (await leadsPer(dimension.leads));
    const spendOf = matched[name];
    const calls = await callsPer(dimension.leads);
    // A page's, variant's or source's spend bought only leads of campaigns with spend.
    const bought =
      name === 'utmCampaigns'
        ? undefined
        : await leadsPer(dimension.leads, [...matched.utmCampaigns.keys()]);
    const unseen = new Set(listed);
    let [visitorsRead, keysRead] = [0, 0];
    async function* steps(): AsyncGenerator<Counts[]> {
      for await (const sums of visitorsByKey(db, dimension.visits, range)) {
        keysRead += sums.length;
        yield sums.map(({ key, visitors }) => {
          const step = { ...(leads.get(key || null) ?? zeroCounts(key || null)), visitors };
          visitorsRead += visitors;
          leads.delete(step.key);
          unseen.delete(key);
          return step;
        });
      }
      for (const step of leads.values()) if (step.key !== null) unseen.delete(step.key);
      keysRead += leads.size + unseen.size;
      yield [...leads.values(), ...[...unseen].map(zeroCounts)];
    }
    // Spend with no key (a visit without a variant) is the null key's.
    const spendOfStep = (step: Counts) => spendOf.get(step.key ?? '') ?? 0;
    const byTraffic = (a: Counts, b: Counts) =>
      b.visitors - a.visitors || b.leads - a.leads || spendOfStep(b) - spendOfStep(a);
    const bySpend = (a: Counts, b: Counts) => spendOfStep(b) - spendOfStep(a) || byTraffic(a, b);
    const first = (await firstInTurns(steps(), KEYS_LISTED, bySpend)).sort(byTraffic);
    const rest = (all: number, of: (step: Counts) => number) =>
      first.reduce((left, step) => left - of(step), all);
    grouped[name] = first.map((step) =>
      stepOf(
        step,
        spendOf.get(step.key ?? ''),
        spend.currency,
        calls.get(step.key),
        // A campaign's leads are all its spend's.
        bought ? (bought.get(step.key) ?? zeroCounts(step.key)) : step,
      ),
    );
    // Every lead has one key (or none) in each grouping.
    unlisted[name] = {
      keys: keysRead - first.length,
      visitors: rest(visitorsRead, (step) => step.visitors),
      leads: rest(total.leads, (step) => step.leads),
      spend: rest(
        [...spendOf.values()].reduce((sum, share) => sum + share, 0),
        spendOfStep,
      ),
    };
    return { calls, visitors: visitorsRead };
  };
  const landingPages = await firstSteps('landingPages');
  // Both variants are always listed, so an A/B comparison has its two sides.
  await firstSteps('variants', landingVariants);
  await firstSteps('utmSources');
  await firstSteps('utmCampaigns', [], campaignLeads);
  return {
    from,
    to,
    total: stepOf(
      { ...total, visitors: landingPages.visitors },
      candidateSpend,
      spend.currency,
      [...landingPages.calls.values()].flat(),
      paidTotal,
    ),
    ...grouped,
    unlisted,
    currency: spend.currency,
    currencies: spend.currencies,
    unmatchedSpend: matched.unmatched.slice(0, UNMATCHED_LISTED),
    moreUnmatchedSpend: {
      campaigns: Math.max(0, matched.unmatched.length - UNMATCHED_LISTED),
      spend: matched.unmatched
        .slice(UNMATCHED_LISTED)
        .reduce((sum, campaign) => sum + campaign.spend, 0),
    },
    weeks: weeksOf(from, to, spend.campaigns, placedDays),
  };
}
