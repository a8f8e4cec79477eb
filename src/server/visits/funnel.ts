import { sql, type Kysely } from 'kysely';
import { UNMATCHED_LISTED, type FunnelFigures, type FunnelStep } from '@shared/admin-funnel';
import { landingVariants } from '@shared/enums';
import { leadFunnel } from '../leads';
import { firstInTurns, readByWeeks, type DayRange } from '../platform/database/report-reads';
import { costsOf, matchSpend, weeksOf, type SpendStore } from '../spend';
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
    const visits = readByWeeks(range, (piece) =>
      visitDays(piece)
        .select([
          sql<string>`${sql.ref(dimension)}`.as('key'),
          sql<number | string>`sum(visitors)`.as('visitors'),
        ])
        .groupBy(dimension)
        .execute(),
    );
    for await (const rows of visits)
      for (const row of rows) step(row.key || null).visitors += Number(row.visitors);
    const leads = readByWeeks(range, (piece) => {
      const { fromIso, toIso } = isoBounds(piece);
      return leadFunnel.funnelLeadsQuery(db, dimension, fromIso, toIso).execute();
    });
    for await (const rows of leads) {
      for (const row of rows) {
        const target = step(row.key || null);
        for (const count of LEAD_COUNTS) target[count] += Number(row[count] ?? 0);
      }
    }
    return { steps, step };
  };
  const variants = await per('landing_variant');
  const utmSources = await per('utm_source');
  const utmCampaigns = await per('utm_campaign');
  // A campaign's spend is shared among the landing pages its visitors saw.
  const campaignVisitors = new Map<string, Map<string, number>>();
  const pairs = readByWeeks(range, (piece) =>
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
  );
  for await (const rows of pairs) {
    for (const { campaign, variant, visitors } of rows) {
      const onVariants = campaignVisitors.get(campaign) ?? new Map<string, number>();
      campaignVisitors.set(
        campaign,
        onVariants.set(variant, (onVariants.get(variant) ?? 0) + Number(visitors)),
      );
    }
  }
  const placedDays: { day: string; placed: number }[] = [];
  const placed = readByWeeks(range, (piece) => {
    const { fromIso, toIso } = isoBounds(piece);
    return leadFunnel.placedByDayQuery(db, fromIso, toIso).execute();
  });
  for await (const rows of placed)
    for (const row of rows) placedDays.push({ day: row.day, placed: Number(row.placed) });
  const spend = await spendStore.inRange(range, currency);
  const matched = matchSpend(spend, utmCampaigns.steps, campaignVisitors);
  // A source with spend is listed even without visitors or leads: its spend is never dropped.
  for (const source of matched.utmSources.keys()) utmSources.step(source);
  const listed = async (
    { steps }: { steps: Map<string | null, Counts> },
    spendOf: Map<string, number>,
  ): Promise<FunnelStep[]> => {
    const spendOfStep = (s: Counts) => (s.key === null ? undefined : spendOf.get(s.key));
    const first = await firstInTurns(
      steps.values(),
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
    variants: await listed(variants, matched.variants),
    utmSources: await listed(utmSources, matched.utmSources),
    utmCampaigns: await listed(utmCampaigns, matched.utmCampaigns),
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
