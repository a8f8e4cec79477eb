import { sql, type Kysely } from 'kysely';
import { tablesOf } from '../../../platform/database/connection';
import type { MigrationSet } from '../../../platform/database/migration-runner';
import { enqueueMessages } from '../../../platform/outbox/outbox';
import type { OutboxTables } from '../../../platform/outbox/outbox-tables';
import type { AdminLeadTables } from '../../records/listing-tables';
import { PERSON_REMINDER, type OpenStep } from './person-mail';

/* Reminders of an open step (decision 154): one row per (candidate, delay), with its message. */

/** `delay_index`: which of REMINDER_DELAYS (0: the first). */
export type ReminderTables = {
  candidate_reminders: {
    candidate_id: number;
    delay_index: number;
    step: OpenStep;
    created_at: string;
  };
};
export type ReminderWriteTables = AdminLeadTables & ReminderTables & OutboxTables;

export interface ReminderPayload {
  candidateId: number;
  step: OpenStep;
}

export const reminderMigrations: MigrationSet = () => ({
  // Goes with its candidate (ON DELETE CASCADE), so an erasure leaves nothing.
  '175_candidate_reminders': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('candidate_reminders')
        .addColumn('candidate_id', 'integer', (c) =>
          c.notNull().references('candidates.id').onDelete('cascade'),
        )
        .addColumn('delay_index', 'integer', (c) => c.notNull())
        .addColumn('step', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('candidate_reminders_pk', ['candidate_id', 'delay_index'])
        .execute();
    },
  },
});

/** The candidate's step still open: a full application (/apply) or the questionnaire ends both. */
export function openStep(row: {
  stage: string;
  is_questionnaire_candidate: number;
  questionnaire_completed: number;
}): OpenStep | undefined {
  if (row.stage === 'application') return undefined;
  if (row.is_questionnaire_candidate)
    return row.questionnaire_completed ? undefined : 'questionnaire';
  return row.stage === 'email' ? 'apply' : undefined;
}

/** SQL of openStep: 'apply', 'questionnaire', or null. */
const openStepSql = sql<OpenStep | null>`case
  when stage = 'application' then null
  when is_questionnaire_candidate = 1 then
    case when questionnaire_completed = 0 then 'questionnaire' end
  when stage = 'email' then 'apply' end`;

/** 1 when the candidate finished a step a reminder asked for (written only while it was open). */
export const recoveredByReminders = sql<number>`case when exists (
  select 1 from candidate_reminders r where r.candidate_id = candidates.id and (
    candidates.stage = 'application' or
    (r.step = 'questionnaire' and candidates.questionnaire_completed = 1))
) then 1 else 0 end`;

/** Writes due reminders: the latest delay passed, the step open, not stopped, the status `new`. */
export async function writeDueReminders(
  db: Kysely<ReminderWriteTables>,
  delaysMs: readonly number[],
  now: Date,
) {
  if (delaysMs.length === 0) return;
  const at = now.toISOString();
  const before = (ms: number) => new Date(now.getTime() - ms).toISOString();
  await db.transaction().execute(async (trx) => {
    for (const [index, delay] of delaysMs.entries()) {
      const until = delaysMs[index + 1] ?? 2 * delay;
      const due = trx
        .selectFrom('candidates')
        .select([
          'id',
          sql.lit(index).as('delay_index'),
          openStepSql.as('step'),
          sql.lit(at).as('at'),
        ])
        .where('status', '=', 'new')
        .where('reminders_stopped_at', 'is', null)
        .where('created_at', '<=', before(delay))
        .where('created_at', '>', before(until))
        .where(openStepSql, 'is not', null);
      const rows = await trx
        .insertInto('candidate_reminders')
        .columns(['candidate_id', 'delay_index', 'step', 'created_at'])
        .expression(due)
        .onConflict((conflict) => conflict.doNothing())
        .returning(['candidate_id', 'step'])
        .execute();
      await enqueueMessages(
        tablesOf<OutboxTables>(trx),
        rows.map((row) => ({
          destination: 'person' as const,
          topic: PERSON_REMINDER,
          payload: { candidateId: row.candidate_id, step: row.step } satisfies ReminderPayload,
          subjectType: 'candidate',
          subjectId: row.candidate_id,
        })),
        at,
      );
    }
  });
}
