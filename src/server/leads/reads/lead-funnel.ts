import { tablesOf } from '../../platform/database/connection';
import { sql, type Kysely } from 'kysely';
import type { LeadRecordTables } from '../records/lead-tables';
import { recoveredByReminders } from '../workflows/messages/candidate-reminders';

type AnyDb = Pick<Kysely<object>, 'getExecutor'>;

export type FunnelDimension = 'landing_variant' | 'utm_source' | 'utm_campaign';

/** Candidates created in [fromIso, toIso) per value of `dimension` (landing pages are candidates'). */
export function funnelLeadsQuery(
  connection: AnyDb,
  dimension: FunnelDimension,
  fromIso: string,
  toIso: string,
) {
  return tablesOf<LeadRecordTables>(connection)
    .selectFrom('candidates')
    .select([
      sql<string | null>`${sql.ref(dimension)}`.as('key'),
      (eb) => eb.fn.countAll<number | string>().as('leads'),
      sql<number | string>`sum(questionnaire_completed)`.as('questionnaires'),
      sql<number | string>`sum(case when stage = 'application' then 1 else 0 end)`.as(
        'applications',
      ),
      sql<number | string>`sum(${recoveredByReminders})`.as('recoveredByReminders'),
      // A placed technician was enrolled first: "enrolled" counts those who got at least that far.
      sql<number | string>`sum(case when status in ('enrolled', 'placed') then 1 else 0 end)`.as(
        'enrolled',
      ),
      sql<number | string>`sum(case when status = 'placed' then 1 else 0 end)`.as('placed'),
    ])
    .where('created_at', '>=', fromIso)
    .where('created_at', '<', toIso)
    .groupBy(dimension);
}

/** Candidates created in [fromIso, toIso) and placed now, per UTC day they arrived (the week chart). */
export function placedByDayQuery(connection: AnyDb, fromIso: string, toIso: string) {
  const db = tablesOf<LeadRecordTables>(connection);
  const day = sql<string>`substr(created_at, 1, 10)`;
  return db
    .selectFrom('candidates')
    .select([day.as('day'), (eb) => eb.fn.countAll<number | string>().as('placed')])
    .where(sql<boolean>`status = 'placed'`)
    .where('created_at', '>=', fromIso)
    .where('created_at', '<', toIso)
    .groupBy(day);
}
