import { sql, type Kysely, type Migration, type RawBuilder, type SqlBool } from 'kysely';
import { createIndex } from '../../../platform/database/migration-columns';
import type { DialectName, MigrationSet } from '../../../platform/database/migration-runner';
import { derivedColumns, foldedKeys } from '../derived-columns';
import type { LeadTable } from '../lead-tables';
import { companyNameSortIndex, createIndexes, searchKeyIndexes } from './listing-migrations';

/** Rows read a batch (500 stays far below either database's parameter limit). */
const BATCH = 500;

const keys = ['phone_digits', 'name_location_key', 'email_match_key'] as const;

type Row = Record<string, unknown> & { id: number };

/** Fills `columns` of every row by the writes' function, one UPDATE … FROM (VALUES …) a batch. */
async function fillColumns(
  db: Kysely<unknown>,
  table: LeadTable,
  columns: readonly string[],
  compute: (row: Row) => Record<string, unknown>,
  only: RawBuilder<SqlBool> = sql`1 = 1`,
): Promise<void> {
  const rows = db as Kysely<Record<LeadTable, { id: number }>>;
  // VALUES names its columns column1… on both databases.
  const set = columns.map((column, i) => sql`${sql.id(column)} = v.${sql.id(`column${i + 2}`)}`);
  for (let after = 0; ;) {
    const batch = (await rows
      .selectFrom(table)
      .selectAll()
      .where('id', '>', after)
      .where(only)
      .orderBy('id')
      .limit(BATCH)
      .execute()) as Row[];
    if (batch.length === 0) return;
    const values = batch.map((row) => {
      const computed = compute(row);
      return sql`(cast(${row.id} as integer), ${sql.join(columns.map((c) => computed[c] ?? null))})`;
    });
    await sql`update ${sql.id(table)} set ${sql.join(set)} from (values ${sql.join(values)}) as v
      where ${sql.id(table)}.id = v.column1`.execute(db);
    after = batch[batch.length - 1]!.id;
  }
}

/** Every candidate's match keys (decision 161); the other derived columns are left alone. */
export const fillMatchKeys = (db: Kysely<unknown>): Promise<void> =>
  fillColumns(db, 'candidates', keys, derivedColumns.candidates);

/** 250: the match keys, filled, then indexed with the id (lookups read the index only). */
const addMatchKeys: Migration = {
  async up(db: Kysely<unknown>) {
    for (const column of keys) {
      await db.schema.alterTable('candidates').addColumn(column, 'text').execute();
    }
    await fillMatchKeys(db);
    for (const column of keys) await createIndex(db, 'candidates', column, [column, 'id']);
  },
};

/** 281: partial indexes of the leads that have the key, so an e-mail lead's insert skips them. */
const partialMatchKeyIndexes: Migration = {
  async up(db: Kysely<unknown>) {
    for (const column of ['phone_digits', 'name_location_key']) {
      const name = `candidates_${column}_idx`;
      await db.schema.dropIndex(name).execute();
      await db.schema
        .createIndex(name)
        .on('candidates')
        .columns([column, 'id'])
        .where(sql.ref(column), 'is not', null)
        .execute();
    }
  },
};

/** A key's text in SQL, as the writes join it (derived-columns.ts `textOf`). */
const textOf = (sources: readonly string[]) =>
  sources.length === 1
    ? sql.ref(sources[0]!)
    : sql.join(
        sources.map((column) => sql`coalesce(${sql.ref(column)}, '')`),
        sql` || ' ' || `,
      );

/**
 * 370: the search keys become columns the writes fold (derived-columns.ts), indexed as 022 and 310
 * did. ASCII folds as lower() does: only non-ASCII rows are folded by the writes' function.
 */
const foldSearchKeys = (dialect: DialectName): Migration => ({
  async up(db: Kysely<unknown>) {
    const indexes = [
      ...searchKeyIndexes(dialect).filter(([name]) => !name.includes('email')),
      companyNameSortIndex,
    ];
    const lower = (text: RawBuilder<unknown>) =>
      dialect === 'postgres' ? sql`lower((${text}) collate "C")` : sql`lower(${text})`;
    for (const [name] of indexes) await db.schema.dropIndex(name).execute();
    for (const table of ['candidates', 'companies'] as const) {
      const keys = Object.entries(foldedKeys[table]);
      for (const [column] of keys) {
        await db.schema.alterTable(table).dropColumn(column).execute();
        await db.schema
          .alterTable(table)
          .addColumn(column, dialect === 'postgres' ? sql`text collate "C"` : 'text')
          .execute();
      }
      const set = keys.map(([key, sources]) => sql`${sql.id(key)} = ${lower(textOf(sources))}`);
      await sql`update ${sql.id(table)} set ${sql.join(set)}`.execute(db);
      const sources = [...new Set(keys.flatMap(([, columns]) => columns))].map(sql.ref);
      const nonAscii = sources.map((text) => sql<SqlBool>`octet_length(${text}) > length(${text})`);
      const columns = keys.map(([key]) => key);
      await fillColumns(
        db,
        table,
        columns,
        derivedColumns[table],
        sql`(${sql.join(nonAscii, sql` or `)})`,
      );
    }
    await createIndexes(db, indexes);
  },
});

export const matchKeyMigrations: MigrationSet = (dialect) => ({
  '250_candidate_match_keys': addMatchKeys,
  '281_partial_match_key_indexes': partialMatchKeyIndexes,
  '370_folded_search_keys': foldSearchKeys(dialect),
});
