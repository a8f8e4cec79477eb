import type { Kysely } from 'kysely';
import type { OverviewFigures } from '@shared/admin-overview';
import { DAY_MS, isoDay } from '@shared/calendar-day';
import type { LeadTable } from '../records/lead-tables';
import type { AdminLeadTables } from '../records/listing-tables';
import { arrivalDay } from './lead-funnel';

/** The Overview's leads and companies per day, computed on each request: cheap, never stale. */
export class Overview {
  constructor(private readonly db: Kysely<AdminLeadTables>) {}

  async figures(now = new Date()): Promise<OverviewFigures> {
    const days = lastDays(now, 30);
    const since = `${days[0]}T00:00:00.000Z`;
    const perDay = (table: LeadTable) =>
      this.db
        .selectFrom(table)
        .select([arrivalDay.as('day'), (eb) => eb.fn.countAll<number | string>().as('n')])
        .where('created_at', '>=', since)
        .groupBy(arrivalDay)
        .execute();
    const [candidateDays, companyDays] = await Promise.all([
      perDay('candidates'),
      perDay('companies'),
    ]);
    const dayCount = (rows: { day: string; n: number | string }[], day: string) =>
      Number(rows.find((row) => row.day === day)?.n ?? 0);
    return {
      daily: days.map((day) => ({
        date: day,
        candidates: dayCount(candidateDays, day),
        companies: dayCount(companyDays, day),
      })),
    };
  }
}

function lastDays(now: Date, count: number): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: count }, (_, index) => isoDay(today - (count - 1 - index) * DAY_MS));
}
