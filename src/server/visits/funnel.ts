import { sql, type Kysely } from 'kysely';
import type { FunnelFigures, FunnelStep } from '@shared/admin-funnel';
import { landingVariants } from '@shared/enums';
import { funnelLeadsQuery, type FunnelDimension, type LeadRecordTables } from '../leads';
import { tablesOf } from '../platform/database/connection';
import type { VisitTables } from './visit-tables';

/** Most keys listed per dimension (by visitors, then leads). */
const MAX_KEYS = 100;

const rate = (part: number, whole: number) =>
  whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : null;

/** The day after a YYYY-MM-DD day, as an ISO timestamp (the range's exclusive end). */
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000);

/**
 * GET /api/admin/funnel's figures: visitors from the daily aggregates, leads from the lead
 * tables (through platform/lead-records), both for the UTC days `from`..`to` inclusive.
 */
export async function funnelFigures(
  db: Kysely<VisitTables>,
  from: string,
  to: string,
): Promise<FunnelFigures> {
  const fromIso = `${from}T00:00:00.000Z`;
  const toIso = dayAfter(to).toISOString();
  const per = async (dimension: FunnelDimension) => {
    const [visits, leads] = await Promise.all([
      db
        .selectFrom('visit_days')
        .select([
          sql<string>`${sql.ref(dimension)}`.as('key'),
          sql<number | string>`sum(visitors)`.as('visitors'),
        ])
        .where('day', '>=', from)
        .where('day', '<=', to)
        .groupBy(dimension)
        .execute(),
      funnelLeadsQuery(tablesOf<LeadRecordTables>(db), dimension, fromIso, toIso).execute(),
    ]);
    const steps = new Map<string | null, FunnelStep>();
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
      steps.set(key, fresh as FunnelStep);
      return fresh as FunnelStep;
    };
    // Both variants are always listed, so an A/B comparison has its two sides.
    if (dimension === 'landing_variant') for (const variant of landingVariants) step(variant);
    // '' is how the aggregates store "none" (visit-tables.ts).
    for (const row of visits) step(row.key || null).visitors += Number(row.visitors);
    for (const row of leads) {
      const target = step(row.key || null);
      target.leads += Number(row.leads);
      target.questionnaires += Number(row.questionnaires ?? 0);
      target.applications += Number(row.applications ?? 0);
      target.recoveredByReminders += Number(row.recovered ?? 0);
      target.enrolled += Number(row.enrolled ?? 0);
      target.placed += Number(row.placed ?? 0);
    }
    return [...steps.values()]
      .map((s) => ({
        ...s,
        leadRate: rate(s.leads, s.visitors),
        questionnaireRate: rate(s.questionnaires, s.leads),
        applicationRate: rate(s.applications, s.leads),
      }))
      .sort((a, b) => b.visitors - a.visitors || b.leads - a.leads)
      .slice(0, MAX_KEYS);
  };
  const [variants, utmSources, utmCampaigns] = await Promise.all([
    per('landing_variant'),
    per('utm_source'),
    per('utm_campaign'),
  ]);
  return { from, to, variants, utmSources, utmCampaigns };
}
