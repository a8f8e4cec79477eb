import type { QuarantineReason } from '@shared/lead-vocabulary';
import type { Kysely } from 'kysely';
import type { LeadRecordTables } from '../../records/lead-tables';
import type { TableStep } from '../../records/lead-saves';
import type { SaveResult } from '../../records/upsert';

/** A suspect submission's step and reasons; `dropBody`: past QUARANTINE_DAILY_LIMIT, only counted. */
export type QuarantineEntry = TableStep & {
  reasons: QuarantineReason[];
  userAgent: string | null;
  dropBody?: boolean;
};

/** Holds `entry`; the client is not kept: a held form is never a conversion. */
export async function quarantineSubmission(
  db: Kysely<LeadRecordTables>,
  entry: QuarantineEntry,
): Promise<SaveResult> {
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
  const { client: _client, ...step } = entry.step;
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
