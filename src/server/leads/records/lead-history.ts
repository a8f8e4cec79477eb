import type { Kysely, Selectable } from 'kysely';
import { tablesOf } from '../../platform/database/connection';
import type { LeadSubmissionsTable, LeadTable } from './lead-tables';
import type { LeadActivityTable } from './pipeline-tables';

/** The rows kept about each lead besides it: its forms and its activity. */
type History = { lead_submissions: LeadSubmissionsTable; lead_activity: LeadActivityTable };
type AnyDb = Pick<Kysely<object>, 'getExecutor'>;

/** Every row of `from` about the leads `ids` of `table`, oldest first (a person's request). */
export async function findHistory<From extends keyof History>(
  db: AnyDb,
  from: From,
  table: LeadTable,
  ids: readonly number[],
): Promise<Selectable<History[From]>[]> {
  if (ids.length === 0) return [];
  const rows = await tablesOf<History>(db)
    .selectFrom(from as 'lead_activity')
    .selectAll()
    .where('lead_table', '=', table)
    .where('lead_id', 'in', ids)
    .orderBy('id')
    .execute();
  return rows as Selectable<History[From]>[];
}

/** Deletes (in the caller's transaction) the rows of `from` about the leads `ids`; how many. */
export async function eraseHistory(
  trx: AnyDb,
  from: keyof History,
  table: LeadTable,
  ids: readonly number[],
): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await tablesOf<History>(trx)
    .deleteFrom(from as 'lead_activity')
    .where('lead_table', '=', table)
    .where('lead_id', 'in', ids)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
