import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { AnyFields } from '@shared/lead-field';
import { candidateFields, companyFields } from '@shared/lead-fields';
import type { DialectName } from '../../platform/database/migration-runner';
import type { LeadTable } from '../records/lead-tables';
import { leadTypes, type AdminLeadTables } from '../records/listing-tables';

/*
 * Prefix search over the listings (docs/decisions/024): three lower-cased key columns per
 * table, each indexed (lead_type, key, created_at, id), so a search is three index ranges.
 */

/** A search counts its matches up to here: beyond, the dashboard shows '1,000+'. */
export const SEARCH_COUNT_CAP = 1_000;

/** The indexed search keys of each table: the lead-field contract's (src/shared/lead-fields.ts). */
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

/**
 * `column` starts with `q`, case-insensitively, as a range lower(q) <= column < lower(q) + MAX
 * (bytes on PostgreSQL's "C", as its indexes); LIKE wildcards are plain characters here.
 */
function startsWith(dialect: DialectName, column: string, q: string): Expression<SqlBool> {
  const key = dialect === 'postgres' ? sql`${sql.ref(column)} collate "C"` : sql.ref(column);
  return sql<SqlBool>`(${key} >= lower(${q}) and ${key} < lower(${q + MAX_CODE_POINT}))`;
}

/**
 * Ids of a tab's leads (the whole table without `type`) whose keys start with `q`, one index range
 * per key. `distinct` for counting (a lead may match twice), else for `id in (…)`.
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
