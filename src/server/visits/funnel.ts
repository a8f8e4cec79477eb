import { sql, type Kysely } from 'kysely';
import { UNMATCHED_LISTED, type FunnelFigures, type FunnelStep } from '@shared/admin-funnel';
import { landingVariants } from '@shared/enums';
import { leadFunnel } from '../leads';
import { readByWeeks, type DayRange } from '../platform/database/report-reads';
import { costsOf, matchSpend, weeksOf, type CampaignVisitors, type SpendStore } from '../spend';
import type { VisitTables } from './visit-tables';

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
  const visitDays = ({ from, to }: DayRange) =>
    db.selectFrom('visit_days').where('day', '>=', from).where('day', '<=', to);
  const per = async (dimension: leadFunnel.FunnelDimension) => {
    const visits = await readByWeeks(range, (piece) =>
      visitDays(piece)
        .select([
          sql<string>`${sql.ref(dimension)}`.as('key'),
          sql<number | string>`sum(visitors)`.as('visitors'),
        ])
        .groupBy(dimension)
        .execute(),
    );
    const leads = await readByWeeks(range, (piece) => {
      const { fromIso, toIso } = isoBounds(piece);
      return leadFunnel.funnelLeadsQuery(db, dimension, fromIso, toIso).execute();
    });
    const steps = new Map<string | null, Counts>();
    const step = (key: string | null) => {
      const existing = steps.get(key);
      if (existing) return existing;
      const fresh = {
        key,
        visitors: 0,
        leads: 0,
        questionnaires: 0,
        applications: 0,
        recoveredByReminders: 0,
        enrolled: 0,
        placed: 0,
      };
      steps.set(key, fresh);
      return fresh;
    };
    // Both variants are always listed, so an A/B comparison has its two sides.
    if (dimension === 'landing_variant') for (const variant of landingVariants) step(variant);
    // '' is how the aggregates store "none" (visit-tables.ts).
    for (const row of visits) step(row.key || null).visitors += Number(row.visitors);
    for (const row of leads) {
      const target = step(row.key || null);
      for (const count of LEAD_COUNTS) target[count] += Number(row[count] ?? 0);
    }
    return { steps, step };
  };
  const variants = await per('landing_variant');
  const utmSources = await per('utm_source');
  const utmCampaigns = await per('utm_campaign');
  // A campaign's spend is shared among the landing pages its visitors saw.
  const campaignVisitors = new Map<string, CampaignVisitors>();
  for (const row of await readByWeeks(range, (piece) =>
    visitDays(piece)
      .select([
        'utm_campaign as campaign',
        'landing_variant as variant',
        sql<number | string>`sum(visitors)`.as('visitors'),
      ])
      .where('utm_campaign', '!=', '')
      .where('landing_variant', '!=', '')
      .groupBy(['utm_campaign', 'landing_variant'])
      .execute(),
  )) {
    const key = JSON.stringify([row.campaign, row.variant]);
    const visitors = (campaignVisitors.get(key)?.visitors ?? 0) + Number(row.visitors);
    campaignVisitors.set(key, { campaign: row.campaign, variant: row.variant, visitors });
  }
  const placedDays = await readByWeeks(range, (piece) => {
    const { fromIso, toIso } = isoBounds(piece);
    return leadFunnel.placedByDayQuery(db, fromIso, toIso).execute();
  });
  const spend = await spendStore.inRange(range, currency);
  const matched = matchSpend(
    spend,
    new Set([...utmCampaigns.steps.keys()].filter((key) => key !== null)),
    [...campaignVisitors.values()],
  );
  // A source with spend is listed even without visitors or leads: its spend is never dropped.
  for (const source of matched.utmSources.keys()) utmSources.step(source);
  const listed = (
    { steps }: { steps: Map<string | null, Counts> },
    spendOf: Map<string, number>,
  ): FunnelStep[] =>
    [...steps.values()]
      .map((s) => ({
        ...s,
        leadRate: rate(s.leads, s.visitors),
        questionnaireRate: rate(s.questionnaires, s.leads),
        applicationRate: rate(s.applications, s.leads),
        ...costsOf(s, s.key === null ? undefined : spendOf.get(s.key), spend.currency),
      }))
      .sort(
        (a, b) => b.visitors - a.visitors || b.leads - a.leads || (b.spend ?? 0) - (a.spend ?? 0),
      )
      .slice(0, MAX_KEYS);
  return {
    from,
    to,
    variants: listed(variants, matched.variants),
    utmSources: listed(utmSources, matched.utmSources),
    utmCampaigns: listed(utmCampaigns, matched.utmCampaigns),
    currency: spend.currency,
    currencies: spend.currencies,
    unmatchedSpend: matched.unmatched.slice(0, UNMATCHED_LISTED),
    moreUnmatchedSpend: {
      campaigns: Math.max(0, matched.unmatched.length - UNMATCHED_LISTED),
      spend: matched.unmatched
        .slice(UNMATCHED_LISTED)
        .reduce((sum, campaign) => sum + campaign.spend, 0),
    },
    weeks: weeksOf(
      from,
      to,
      spend.days,
      placedDays.map((row) => ({ day: row.day, placed: Number(row.placed) })),
    ),
  };
}
