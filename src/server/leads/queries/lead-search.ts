import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { DialectName } from '../../platform/database/migration-runner';
import type { LeadTable } from '../store/lead-tables';
import { leadTypes, type AdminLeadTables } from '../store/listing-tables';

/*
 * Prefix search over the admin listings (docs/decisions/024, 025). Each table has three search
 * keys (generated, lower-cased columns, see 022_admin_search_keys), each in an index
 * (lead_type, key, created_at, id): the matches of a search are three index ranges.
 */

/** A search counts its matches up to here: beyond, the dashboard shows '1,000+'. */
export const SEARCH_COUNT_CAP = 1_000;

/** The indexed search keys of each table. */
const searchKeys = {
  candidates: ['search_name', 'search_last_name', 'email_normalized'],
  companies: ['search_company', 'search_contact', 'email_normalized'],
} as const satisfies Record<LeadTable, readonly string[]>;

/** Above every other code point: `prefix + MAX` bounds all strings that start with `prefix`. */
const MAX_CODE_POINT = String.fromCodePoint(0x10ffff);

/** Collapses spaces, so 'Ada   Lovelace ' finds 'Ada Lovelace'. Empty means no search. */
export const normalizeSearch = (q: string | undefined): string =>
  (q ?? '').trim().replace(/\s+/g, ' ').slice(0, 200);

/**
 * `column` starts with `q`, case-insensitively: lower(q) <= column < lower(q) + MAX, lower-
 * cased by the database like the keys. PostgreSQL compares in "C" (bytes), as its indexes.
 * LIKE wildcards are plain characters here.
 */
function startsWith(dialect: DialectName, column: string, q: string): Expression<SqlBool> {
  const key = dialect === 'postgres' ? sql`${sql.ref(column)} collate "C"` : sql.ref(column);
  return sql<SqlBool>`(${key} >= lower(${q}) and ${key} < lower(${q + MAX_CODE_POINT}))`;
}

/**
 * Ids of the leads of a tab (every tab of the table without `type`) whose keys start with
 * `q`: one index range per key (the type leads each index). `distinct`: each id once (a lead
 * may match by two keys), for counting; else for `id in (…)`.
 */
export function searchMatches(
  db: Kysely<AdminLeadTables>,
  dialect: DialectName,
  table: LeadTable,
  type: string | undefined,
  q: string,
  distinct = false,
) {
  return searchKeys[table]
    .map((column) =>
      db
        .selectFrom(table)
        .select('id')
        .where(startsWith(dialect, column, q))
        .where('lead_type', 'in', (type ? [type] : leadTypes[table]) as never[]),
    )
    .reduce((all, next) => (distinct ? all.union(next) : all.unionAll(next)));
}
