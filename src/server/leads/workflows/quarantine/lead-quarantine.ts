import { DAY_MS } from '@shared/calendar-day';
import type { QuarantineReason } from '@shared/lead-vocabulary';
import { sql, type Kysely } from 'kysely';
import type { TableStep } from '../../records/lead-saves';
import type { LeadRecordTables } from '../../records/lead-tables';
import type { LeadQuarantineTables } from '../../records/quarantine-tables';

/** Forms one address may have quarantined a day; the rest are counted, their bodies dropped. */
export const QUARANTINE_DAILY_LIMIT = 100;
/** Days a quarantined form (and a day's dropped count) is kept. */
export const QUARANTINE_DAYS = 30;

type QuarantineDb = Kysely<Pick<LeadQuarantineTables, 'lead_quarantine'>>;
type BoundsDb = Kysely<LeadQuarantineTables>;

/** The first instant (ISO) and UTC day still kept now. */
export function keptSince(): { iso: string; day: string } {
  const iso = new Date(Date.now() - QUARANTINE_DAYS * DAY_MS).toISOString();
  return { iso, day: iso.slice(0, 10) };
}

/** Deletes quarantined forms and dropped counts older than QUARANTINE_DAYS; rows deleted. */
export async function expireQuarantined(db: BoundsDb): Promise<number> {
  const since = keptSince();
  await db.deleteFrom('lead_quarantine_dropped').where('day', '<', since.day).execute();
  const result = await db
    .deleteFrom('lead_quarantine')
    .where('received_at', '<', since.iso)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The address is kept as typed: lower() normalises it (ASCII only, as the forms accept). */
const sameAddress = (normalizedEmail: string) => sql<boolean>`lower(email) = ${normalizedEmail}`;

export function findQuarantined(db: QuarantineDb, normalizedEmail: string) {
  return db
    .selectFrom('lead_quarantine')
    .selectAll()
    .where(sameAddress(normalizedEmail))
    .orderBy('id')
    .execute();
}

/** Deletes the quarantined submissions of an address, or those older than `receivedBefore`. */
export async function eraseQuarantined(
  trx: QuarantineDb,
  match: { normalizedEmail: string } | { receivedBefore: string },
): Promise<number> {
  const result = await trx
    .deleteFrom('lead_quarantine')
    .where(
      'normalizedEmail' in match
        ? sameAddress(match.normalizedEmail)
        : sql<boolean>`received_at < ${match.receivedBefore}`,
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** A suspect submission's step and reasons; `dropBody`: past QUARANTINE_DAILY_LIMIT, only counted. */
export type QuarantineEntry = TableStep & {
  reasons: QuarantineReason[];
  userAgent: string | null;
  dropBody?: boolean;
};

/** Holds `entry`, its request without the address (decision 095): a held form writes no Meta
    event; released, its events go as of its own time and event id (decision 110). */
export async function quarantineSubmission(db: Kysely<LeadRecordTables>, entry: QuarantineEntry) {
  if (entry.dropBody) {
    await db
      .insertInto('lead_quarantine_dropped')
      .values({ day: new Date().toISOString().slice(0, 10), forms: 1 })
      .onConflict((conflict) =>
        conflict
          .column('day')
          .doUpdateSet((eb) => ({ forms: eb('lead_quarantine_dropped.forms', '+', 1) })),
      )
      .execute();
    return { id: 0, created: false, quarantined: true };
  }
  const { client, ...held } = entry.step;
  const step = client ? { ...held, client: { ...client, ip: null } } : held;
  const row = await db
    .insertInto('lead_quarantine')
    .values({
      lead_table: entry.table,
      form: step.form ?? 'candidate-email',
      email: step.email.trim(),
      step: JSON.stringify(step),
      reasons: entry.reasons.join(','),
      user_agent: entry.userAgent,
      received_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, created: true, quarantined: true };
}
