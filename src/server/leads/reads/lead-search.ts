import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { AnyFields } from '@shared/lead-field';
import { candidateFields, companyFields } from '@shared/lead-fields';
import type { DialectName } from '../../platform/database/migration-runner';
import { tablesOf } from '../../platform/database/connection';
import { foldForSearch, isFoldedKey } from '../records/derived-columns';
import { phoneVariants } from '../records/match-keys';
import type { LeadContactTables } from '../records/lead-contacts';
import type { LeadTable } from '../records/lead-tables';
import { leadTypes, type AdminLeadTables } from '../records/listing-tables';

/* Prefix search (decision 024): indexed folded or lower-cased keys, own and secondary contacts'. */

/** Beyond, the dashboard shows '1,000+'. */
export const SEARCH_COUNT_CAP = 1_000;

const keysOf = (fields: AnyFields) =>
  Object.values(fields).flatMap((field) => field.searchKey ?? []);
const searchKeys: Record<LeadTable, string[]> = {
  candidates: keysOf(candidateFields),
  companies: keysOf(companyFields),
};

/** Above every other code point: `prefix + MAX` bounds all strings that start with `prefix`. */
const MAX_CODE_POINT = String.fromCodePoint(0x10ffff);

/** Collapses spaces, so 'Ada   Lovelace ' finds 'Ada Lovelace'. Empty means no search. */
export const normalizeSearch = (q: string | undefined): string =>
  (q ?? '').trim().replace(/\s+/g, ' ').slice(0, 200);

/** q <= column < q + MAX (bytes on PostgreSQL's "C", as its indexes); no wildcards. */
function startsWith(dialect: DialectName, column: string, q: string): Expression<SqlBool> {
  const key = dialect === 'postgres' ? sql`${sql.ref(column)} collate "C"` : sql.ref(column);
  const typed = isFoldedKey(column) ? foldForSearch(q) : q.toLowerCase();
  return sql<SqlBool>`(${key} >= ${typed} and ${key} < ${typed + MAX_CODE_POINT})`;
}

/** A phone as typed ("(602) 555"): its digits, as a secondary phone's key holds them. */
const PHONE_TYPED = /^[\d\s().+-]*\d[\d\s().+-]*$/;

/** A phone's digits with and without a +1: "602" finds "+1 602…", "+1 602" finds "602…". */
const phoneKeys = (q: string): string[] =>
  PHONE_TYPED.test(q) ? phoneVariants(q.replace(/\D/g, '')) : [];

/** Ids of a tab's leads whose keys or contacts start with `q`; `distinct` for counting. */
export function searchMatches(
  db: Kysely<AdminLeadTables>,
  dialect: DialectName,
  table: LeadTable,
  type: string | undefined,
  q: string,
  distinct = false,
) {
  const types = (type ? [type] : leadTypes[table]) as never[];
  const phones = phoneKeys(q);
  // Only candidates keep their phone's digits (the duplicates' key, match-keys.ts).
  const terms = [
    ...searchKeys[table].map((column) => [column, q] as const),
    ...(table === 'candidates' ? phones : []).map((digits) => ['phone_digits', digits] as const),
  ];
  const ownKeys = terms.map(([column, key]) =>
    db
      .selectFrom(table)
      .select('id')
      .where(column as never, 'is not', null)
      .where(startsWith(dialect, column, key))
      .where('lead_type', 'in', types),
  );
  const contacts = tablesOf<LeadContactTables>(db)
    .selectFrom('lead_contacts')
    .select('lead_id as id')
    .where('lead_table', '=', table)
    .where((eb) =>
      eb.or(
        (phones.length > 0 ? phones : [q]).map((key) => startsWith(dialect, 'search_key', key)),
      ),
    );
  // A tab of one lead type: the contact's lead is of it (one primary-key probe a match).
  const ofType = type
    ? contacts.where(
        sql<SqlBool>`exists (select 1 from ${sql.table(table)} as lead
          where lead.id = lead_contacts.lead_id and lead.lead_type = ${type})`,
      )
    : contacts;
  return [...ownKeys, ofType as unknown as (typeof ownKeys)[number]].reduce((all, next) =>
    distinct ? all.union(next) : all.unionAll(next),
  );
}
