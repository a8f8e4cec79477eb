import { tablesOf, type SharedTransaction } from '../../platform/database/connection';
import type { LeadRef, LeadTable } from './lead-tables';
import type { AdminLeadTables } from './listing-tables';
import { matchKeys, type MatchKeySource } from './match-keys';

/* Columns computed from a lead's own, written with each change of it (decisions 024, 161). */

/** Letters that do not decompose into a base letter and a mark. */
// prettier-ignore
const LETTERS: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i' };

/** Without case or accents, so "garcia" finds "García" and "García" finds "Garcia". */
export const foldForSearch = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[ßæœøłđðþı]/g, (letter) => LETTERS[letter]!);

type Row = Record<string, unknown>;
const folded = (value: unknown) => (typeof value === 'string' ? foldForSearch(value) : null);

/** The folded search keys and their source columns (several joined by a space). */
export const foldedKeys: Record<LeadTable, Record<string, readonly string[]>> = {
  candidates: { search_name: ['first_name', 'last_name'], search_last_name: ['last_name'] },
  companies: { search_company: ['company_name'], search_contact: ['contact_name'] },
};

/** The others (e-mail, phone digits) a search only lower-cases. */
export const isFoldedKey = (column: string): boolean =>
  Object.values(foldedKeys).some((keys) => column in keys);

const textOf = (row: Row, sources: readonly string[]) =>
  sources.length === 1 ? row[sources[0]!] : sources.map((c) => String(row[c] ?? '')).join(' ');

const searchColumns = (table: LeadTable, row: Row) =>
  Object.fromEntries(
    Object.entries(foldedKeys[table]).map(([key, sources]) => [key, folded(textOf(row, sources))]),
  );

export const derivedColumns: Record<LeadTable, (row: Row) => Row> = {
  candidates: (row) => ({
    ...matchKeys(row as MatchKeySource),
    ...searchColumns('candidates', row),
  }),
  companies: (row) => searchColumns('companies', row),
};

/** Computes the lead's derived columns again from its row (a write that changed its values). */
export async function refreshDerivedColumns(trx: SharedTransaction, lead: LeadRef): Promise<void> {
  const db = tablesOf<AdminLeadTables>(trx);
  const row = await db
    .selectFrom(lead.table)
    .selectAll()
    .where('id', '=', lead.id)
    .executeTakeFirst();
  if (!row) return;
  await db
    .updateTable(lead.table)
    .set(derivedColumns[lead.table](row) as never)
    .where('id', '=', lead.id)
    .execute();
}
