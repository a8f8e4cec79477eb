import type { SubmissionForm } from '@shared/lead-vocabulary';
import type { Generated, Kysely, Selectable } from 'kysely';
import type { ConsentSignal } from '@shared/schemas/conversion';
import type { LeadTable } from './lead-tables';

/*
 * A lead's history of forms: one row per accepted submission, written with the lead's upsert, read
 * by the admin's timeline; the lead row keeps only its latest state.
 */

export interface LeadSubmissionsTable {
  id: Generated<number>;
  lead_table: LeadTable;
  lead_id: number;
  form: SubmissionForm;
  /** The page the form was on, as the client reported it (attribution.page). */
  source_page: string | null;
  /** JSON: the form's validated fields as sent, by column (blanks included), or null. */
  fields: string | null;
  /** JSON: the form's attribution as sent (page, variant, UTM values, referrer), or null. */
  attribution: string | null;
  /** The visitor's tracking state the form reported (migration 110); null: not reported. */
  consent: ConsentSignal | null;
  /** 1: sent with the lead's proof (or created the lead); 0: without it (migration 160). */
  verified: Generated<number>;
  created_at: string;
}

type SubmissionsDb = Kysely<{ lead_submissions: LeadSubmissionsTable }>;

/** Every stored submission of the leads `ids` of `table`, oldest first (a data-subject request). */
export function findSubmissions(
  db: SubmissionsDb,
  table: LeadTable,
  ids: readonly number[],
): Promise<Selectable<LeadSubmissionsTable>[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('lead_submissions')
    .selectAll()
    .where('lead_table', '=', table)
    .where('lead_id', 'in', ids)
    .orderBy('id')
    .execute();
}

/** Deletes the history of the leads `ids` (in the caller's transaction); how many rows went. */
export async function eraseSubmissions(
  trx: SubmissionsDb,
  table: LeadTable,
  ids: readonly number[],
): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await trx
    .deleteFrom('lead_submissions')
    .where('lead_table', '=', table)
    .where('lead_id', 'in', ids)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
