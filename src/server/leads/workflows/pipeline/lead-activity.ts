import type { Kysely, Selectable } from 'kysely';
import { tablesOf } from '../../../platform/database/connection';
import type { LeadTable } from '../../records/lead-tables';
import type { LeadActivityTable } from '../../records/pipeline-tables';

/*
 * The pipeline's table (lead_activity: notes, status changes, e-mails sent) as a person's
 * request and a lead's deletion see it: everything about some leads, found or erased.
 */

type ActivityDb = Pick<Kysely<object>, 'getExecutor'>;
const activityOf = (db: ActivityDb) => tablesOf<{ lead_activity: LeadActivityTable }>(db);

/** The notes, status changes and e-mails of the leads `ids` of `table`, oldest first. */
export function findActivity(
  db: ActivityDb,
  table: LeadTable,
  ids: readonly number[],
): Promise<Selectable<LeadActivityTable>[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return activityOf(db)
    .selectFrom('lead_activity')
    .selectAll()
    .where('lead_table', '=', table)
    .where('lead_id', 'in', ids)
    .orderBy('id')
    .execute();
}

/** Deletes (in the caller's transaction) the activity of the leads `ids`; how many rows went. */
export async function eraseActivity(
  trx: ActivityDb,
  table: LeadTable,
  ids: readonly number[],
): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await activityOf(trx)
    .deleteFrom('lead_activity')
    .where('lead_table', '=', table)
    .where('lead_id', 'in', ids)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
