import { sql, type Kysely, type Migration } from 'kysely';
import type { MigrationSet } from '../../../platform/database/migration-runner';
import { matchKeys, type MatchKeySource } from '../match-keys';

/** Rows filled per statement: 4 parameters each stays far below either database's limit. */
const BATCH = 500;

const keys = ['phone_digits', 'name_location_key', 'email_match_key'] as const;

/** Every candidate's match keys, by the writes' function, one UPDATE … FROM (VALUES …) a batch. */
export async function fillMatchKeys(db: Kysely<unknown>): Promise<void> {
  const candidates = db as Kysely<{ candidates: MatchKeySource & { id: number } }>;
  for (let after = 0; ;) {
    const rows = await candidates
      .selectFrom('candidates')
      .select(['id', 'email', 'first_name', 'last_name', 'phone', 'location'])
      .select('questionnaire_location')
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) return;
    const values = rows.map((row) => {
      const key = matchKeys(row);
      return sql`(cast(${row.id} as integer), ${key.phone_digits}, ${key.name_location_key}, ${key.email_match_key})`;
    });
    // VALUES names its columns column1… on both databases.
    await sql`update candidates set phone_digits = v.column2, name_location_key = v.column3,
      email_match_key = v.column4 from (values ${sql.join(values)}) as v
      where candidates.id = v.column1`.execute(db);
    after = rows[rows.length - 1]!.id;
  }
}

/** 250: the match keys, filled, then indexed with the id (lookups read the index only). */
const addMatchKeys: Migration = {
  async up(db: Kysely<unknown>) {
    for (const column of keys) {
      await db.schema.alterTable('candidates').addColumn(column, 'text').execute();
    }
    await fillMatchKeys(db);
    for (const column of keys) {
      await db.schema
        .createIndex(`candidates_${column}_idx`)
        .on('candidates')
        .columns([column, 'id'])
        .execute();
    }
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

export const matchKeyMigrations: MigrationSet = () => ({
  '250_candidate_match_keys': addMatchKeys,
  '281_partial_match_key_indexes': partialMatchKeyIndexes,
});
