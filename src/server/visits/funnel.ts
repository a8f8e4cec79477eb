import type { Kysely } from 'kysely';
import { UNMATCHED_LISTED, type FunnelFigures, type FunnelStep } from '@shared/admin-funnel';
import { landingVariants } from '@shared/enums';
import { leadFunnel } from '../leads';
import { firstInTurns, readByWeeks, type DayRange } from '../platform/database/report-reads';
import { costsOf, matchSpend, weeksOf, type SpendStore } from '../spend';
import type { VisitTables } from './visit-tables';
import { variantsOfCampaigns, visitorsByKey, type VisitKey } from './visitors-by-key';

const MAX_KEYS = 100;

const rate = (part: number, whole: number) =>
  whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : null;

/** The day after a YYYY-MM-DD day, as an ISO timestamp (the range's exclusive end). */
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000);

/** What funnelLeadsQuery counts per key, named as the funnel's steps name them. */
const LEAD_COUNTS = [
  'leads',
  'questionnaires',
  'applications',
  'recoveredByReminders',
  'enrolled',
  'placed',
] as const;
type Counts = Pick<FunnelStep, 'key' | 'visitors' | (typeof LEAD_COUNTS)[number]>;

const zeroCounts = (key: string | null): Counts => ({
  key,
  visitors: 0,
  leads: 0,
  questionnaires: 0,
  applications: 0,
  recoveredByReminders: 0,
  enrolled: 0,
  placed: 0,
});

/** A day's start and the next day's start: the range of `created_at` of a day range's leads. */
const isoBounds = ({ from, to }: DayRange) => ({
  fromIso: `${from}T00:00:00.000Z`,
  toIso: dayAfter(to).toISOString(),
});

/** The funnel of UTC days `from`..`to`: visitors, leads, spend in one currency (decision 165). */
export async function funnelFigures(
  db: Kysely<VisitTables>,
  spendStore: SpendStore,
  from: string,
  to: string,
  currency?: string,
): Promise<FunnelFigures> {
  const range = { from, to };
  /** Leads per key of `dimension` ('' is null): keys of leads, far fewer than of visits. */
  const leadsPer = async (dimension: VisitKey) => {
    const counts = new Map<string | null, Counts>();
    const leads = readByWeeks(range, (piece) => {
      const { fromIso, toIso } = isoBounds(piece);
      return leadFunnel.funnelLeadsQuery(db, dimension, fromIso, toIso).execute();
    });
    for await (const rows of leads) {
      for (const row of rows) {
        const key = row.key || null;
        const target = counts.get(key) ?? zeroCounts(key);
        for (const count of LEAD_COUNTS) target[count] += Number(row[count] ?? 0);
        counts.set(key, target);
      }
    }
    return counts;
  };
  const campaignLeads = await leadsPer('utm_campaign');
  const spend = await spendStore.inRange(range, currency);
  // What spend may match (decision 165): its campaigns' ids and names, and the mappings.
  const spendValues = [
    ...spend.campaigns.flatMap(({ campaign, campaignName }) => [campaign, campaignName]),
    ...spend.mappings.map(({ utmCampaign }) => utmCampaign),
  ].filter((value) => value !== '');
  const visitorsOf = await variantsOfCampaigns(db, spendValues, range);
  const matched = matchSpend(
    spend,
    { has: (key) => visitorsOf.has(key) || campaignLeads.has(key) },
    visitorsOf,
  );
  const placedDays: { day: string; placed: number }[] = [];
  const placed = readByWeeks(range, (piece) => {
    const { fromIso, toIso } = isoBounds(piece);
    return leadFunnel.placedByDayQuery(db, fromIso, toIso).execute();
  });
  for await (const rows of placed)
    for (const row of rows) placedDays.push({ day: row.day, placed: Number(row.placed) });

  /**
   * The first keys of `dimension`: visitors, then leads, then spend, ties in the order read (keys
   * with visitors in key order, then those with leads only, then `listed`, zero if not seen).
   */
  const firstSteps = async (
    dimension: VisitKey,
    leads: Map<string | null, Counts>,
    spendOf: Map<string, number>,
    listed: Iterable<string>,
  ): Promise<FunnelStep[]> => {
    const unseen = new Set(listed);
    async function* steps(): AsyncGenerator<Counts[]> {
      for await (const sums of visitorsByKey(db, dimension, range)) {
        yield sums.map(({ key, visitors }) => {
          const step = { ...(leads.get(key || null) ?? zeroCounts(key || null)), visitors };
          leads.delete(step.key);
          unseen.delete(key);
          return step;
        });
      }
      for (const step of leads.values()) if (step.key !== null) unseen.delete(step.key);
      yield [...leads.values(), ...[...unseen].map(zeroCounts)];
    }
    const spendOfStep = (s: Counts) => (s.key === null ? undefined : spendOf.get(s.key));
    const first = await firstInTurns(
      steps(),
      MAX_KEYS,
      (a, b) =>
        b.visitors - a.visitors ||
        b.leads - a.leads ||
        (spendOfStep(b) ?? 0) - (spendOfStep(a) ?? 0),
    );
    return first.map((s) => ({
      ...s,
      leadRate: rate(s.leads, s.visitors),
      questionnaireRate: rate(s.questionnaires, s.leads),
      applicationRate: rate(s.applications, s.leads),
      ...costsOf(s, spendOfStep(s), spend.currency),
    }));
  };
  return {
    from,
    to,
    // Both variants are always listed, so an A/B comparison has its two sides.
    variants: await firstSteps(
      'landing_variant',
      await leadsPer('landing_variant'),
      matched.variants,
      landingVariants,
    ),
    // A source with spend is listed even without visitors or leads: its spend is never dropped.
    utmSources: await firstSteps(
      'utm_source',
      await leadsPer('utm_source'),
      matched.utmSources,
      matched.utmSources.keys(),
    ),
    utmCampaigns: await firstSteps('utm_campaign', campaignLeads, matched.utmCampaigns, []),
    currency: spend.currency,
    currencies: spend.currencies,
    unmatchedSpend: matched.unmatched.slice(0, UNMATCHED_LISTED),
    moreUnmatchedSpend: {
      campaigns: Math.max(0, matched.unmatched.length - UNMATCHED_LISTED),
      spend: matched.unmatched
        .slice(UNMATCHED_LISTED)
        .reduce((sum, campaign) => sum + campaign.spend, 0),
    },
    weeks: weeksOf(from, to, spend.days, placedDays),
  };
}
