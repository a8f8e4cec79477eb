import { sql, type Kysely } from 'kysely';
import type { OverviewFigures } from '@shared/admin-overview';
import type { LeadTable } from '../records/lead-tables';
import type { AdminLeadTables } from '../records/listing-tables';

/** The Overview tab's figures, computed on each request: cheap, and never stale. */
export class Overview {
  constructor(private readonly db: Kysely<AdminLeadTables>) {}

  async figures(now = new Date()): Promise<OverviewFigures> {
    const days = lastDays(now, 30);
    const since = `${days[0]}T00:00:00.000Z`;
    const countByType = (table: LeadTable) =>
      this.db
        .selectFrom(table)
        .select(['lead_type', (eb) => eb.fn.countAll<number | string>().as('n')])
        .groupBy('lead_type')
        .execute();
    const perDay = (table: LeadTable) =>
      this.db
        .selectFrom(table)
        .select([
          sql<string>`substr(created_at, 1, 10)`.as('day'),
          (eb) => eb.fn.countAll<number | string>().as('n'),
        ])
        .where('created_at', '>=', since)
        .groupBy(sql`substr(created_at, 1, 10)`)
        .execute();
    const conversion = (column: 'landing_variant' | 'utm_source') =>
      this.db
        .selectFrom('candidates')
        .select([
          sql<string | null>`${sql.ref(column)}`.as('key'),
          (eb) => eb.fn.countAll<number | string>().as('leads'),
          sql<number | string>`sum(case when stage = 'application' then 1 else 0 end)`.as(
            'applications',
          ),
        ])
        .where('landing_variant', 'is not', null)
        .groupBy(column)
        .orderBy(sql`count(*)`, 'desc')
        .limit(50)
        .execute();
    const [candidateTypes, companyTypes, candidateDays, companyDays, variants, sources] =
      await Promise.all([
        countByType('candidates'),
        countByType('companies'),
        perDay('candidates'),
        perDay('companies'),
        conversion('landing_variant'),
        conversion('utm_source'),
      ]);
    const typeCount = (rows: { lead_type: string; n: number | string }[], type: string) =>
      Number(rows.find((row) => row.lead_type === type)?.n ?? 0);
    const dayCount = (rows: { day: string; n: number | string }[], day: string) =>
      Number(rows.find((row) => row.day === day)?.n ?? 0);
    const toConversion = (
      rows: { key: string | null; leads: number | string; applications: number | string }[],
    ) =>
      rows.map((row) => ({
        key: row.key,
        emailLeads: Number(row.leads),
        applications: Number(row.applications),
      }));
    return {
      counts: {
        questionnaire: typeCount(candidateTypes, 'questionnaire'),
        candidates: typeCount(candidateTypes, 'regular'),
        candidateEmails: typeCount(candidateTypes, 'email'),
        companies: typeCount(companyTypes, 'full'),
        companyEmails: typeCount(companyTypes, 'email'),
      },
      daily: days.map((day) => ({
        date: day,
        candidates: dayCount(candidateDays, day),
        companies: dayCount(companyDays, day),
      })),
      variants: toConversion(variants),
      utmSources: toConversion(sources),
    };
  }
}

export function lastDays(now: Date, count: number): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: count }, (_, index) =>
    new Date(today - (count - 1 - index) * 86_400_000).toISOString().slice(0, 10),
  );
}
