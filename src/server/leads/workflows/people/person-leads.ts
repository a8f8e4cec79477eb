import type { Kysely } from 'kysely';
import type { LeadTable } from '../../records/lead-tables';
import {
  listColumns,
  type AdminLeadTables,
  type CandidateListRow,
  type CompanyListRow,
} from '../../records/listing-tables';

/*
 * The lead rows as a person's request and the retention see them. An erasure deletes the lead
 * row first, returning its id, so what goes with it matches exactly, and the first statement is a
 * write (SQLite holds the write lock from then on).
 */

export interface LeadsOfAddress {
  candidates: CandidateListRow[];
  companies: CompanyListRow[];
}

/** The candidate and company records of an address (normalizeEmail): every stored column. */
export async function findLeadsByEmail(
  db: Kysely<AdminLeadTables>,
  normalizedEmail: string,
): Promise<LeadsOfAddress> {
  const rowsOf = (table: LeadTable) =>
    db
      .selectFrom(table)
      .select(listColumns[table] as never[])
      .where('email_normalized', '=', normalizedEmail)
      .execute();
  const [candidates, companies] = await Promise.all([rowsOf('candidates'), rowsOf('companies')]);
  return {
    candidates: candidates as CandidateListRow[],
    companies: companies as CompanyListRow[],
  };
}

/**
 * Up to `limit` ids of leads whose last form came before `before`. No index on `updated_at` (it
 * would cost every lead write), so this may read the whole table.
 */
export async function leadIdsNotUpdatedSince(
  db: Kysely<AdminLeadTables>,
  table: LeadTable,
  before: string,
  limit: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom(table)
    .select('id')
    .where('updated_at', '<', before)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => Number(row.id));
}

/**
 * Deletes (in the caller's transaction) the lead rows of an address, or those of `ids` still
 * not updated since `updatedBefore` (a form may have come in meanwhile); the ids deleted.
 */
export async function eraseLeadRows(
  trx: Kysely<AdminLeadTables>,
  table: LeadTable,
  match: { normalizedEmail: string } | { ids: readonly number[]; updatedBefore: string },
): Promise<number[]> {
  if ('ids' in match && match.ids.length === 0) return [];
  const query = trx.deleteFrom(table);
  const rows = await (
    'ids' in match
      ? query.where('id', 'in', match.ids).where('updated_at', '<', match.updatedBefore)
      : query.where('email_normalized', '=', match.normalizedEmail)
  )
    .returning('id')
    .execute();
  return rows.map((row) => Number(row.id));
}
