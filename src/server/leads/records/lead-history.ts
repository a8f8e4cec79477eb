import { sql, type Insertable, type Selectable } from 'kysely';
import { tablesOf, type SharedTransaction } from '../../platform/database/connection';
import { forgetSubjectMessages } from '../../platform/outbox/outbox';
import {
  leadTypeOf,
  type LeadContactsTable,
  type LeadRecordTables,
  type LeadSubmissionsTable,
  type LeadTable,
} from './lead-tables';
import type { LeadActivityTable } from './pipeline-tables';

/** The rows kept about a lead besides the lead itself: its forms, activity and contacts. */
type History = {
  lead_submissions: LeadSubmissionsTable;
  lead_activity: LeadActivityTable;
  lead_contacts: LeadContactsTable;
};

const LEAD_HISTORY_LIMIT = 50;

/** Keeps a form in its lead's history up to LEAD_HISTORY_LIMIT, then only counts it (152). */
export async function keepInHistory(
  trx: SharedTransaction,
  form: Insertable<LeadSubmissionsTable>,
  newLead = false,
): Promise<void> {
  const db = tablesOf<LeadRecordTables>(trx);
  if (!newLead) {
    const kept = await db
      .selectFrom('lead_submissions')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('lead_table', '=', form.lead_table)
      .where('lead_id', '=', form.lead_id)
      .executeTakeFirstOrThrow();
    if (Number(kept.n) >= LEAD_HISTORY_LIMIT) {
      await db
        .updateTable(form.lead_table)
        .set({ submissions_not_kept: sql`submissions_not_kept + 1` } as never)
        .where('id', '=', form.lead_id)
        .execute();
      return;
    }
  }
  await db.insertInto('lead_submissions').values(form).execute();
}

/** Every row of `from` about the leads `ids` of `table`, oldest first. */
export async function findHistory<From extends keyof History>(
  db: SharedTransaction,
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
  trx: SharedTransaction,
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

/** Deletes (in `trx`) what the leads `ids` hold: contacts, forms, activity, messages; how many. */
export async function eraseLeadParts(trx: SharedTransaction, table: LeadTable, ids: number[]) {
  return {
    contacts: await eraseHistory(trx, 'lead_contacts', table, ids),
    submissions: await eraseHistory(trx, 'lead_submissions', table, ids),
    activity: await eraseHistory(trx, 'lead_activity', table, ids),
    outboxMessages: await forgetSubjectMessages(tablesOf(trx), leadTypeOf(table), ids),
  };
}
