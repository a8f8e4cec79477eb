import type { Kysely, Selectable } from 'kysely';
import type { LeadSubmissionsTable, LeadTable } from './lead-tables';

type SubmissionsDb = Kysely<{ lead_submissions: LeadSubmissionsTable }>;

/** Every stored submission of the leads `ids` of `table`, oldest first (a person's request). */
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
