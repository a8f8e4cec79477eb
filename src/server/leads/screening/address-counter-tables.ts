import { sql, type Kysely, type Migration } from 'kysely';
import type { MigrationSet } from '../../platform/database/migration-runner';

/*
 * The lead limits' per-address counts on PostgreSQL (decision 120): one row per minute and
 * address, the address as a keyed hash, never as it came. SQLite keeps them in memory (one
 * process owns the file), so the table exists on PostgreSQL only.
 */

export interface AddressCounterTables {
  lead_address_counts: {
    /** Minutes since the epoch: the fixed window the counts belong to. */
    minute: number;
    /** HMAC-SHA256 of the address under a key kept in the database, cut to 128 bits. */
    address_hash: string;
    request: number;
    invalid: number;
    valid: number;
  };
}

/**
 * 145: UNLOGGED: counts a minute long need no write-ahead log (cheaper on the lead path); a
 * crash of PostgreSQL empties the table, which forgets at most a minute of counts.
 */
const createAddressCounts: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('lead_address_counts')
      .modifyFront(sql`unlogged`)
      .addColumn('minute', 'integer', (c) => c.notNull())
      .addColumn('address_hash', 'text', (c) => c.notNull())
      .addColumn('request', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('invalid', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('valid', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('lead_address_counts_pk', ['minute', 'address_hash'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('lead_address_counts').execute();
  },
};

export const addressCounterMigrations: MigrationSet = (dialect): Record<string, Migration> =>
  dialect === 'postgres' ? { '145_lead_address_counts': createAddressCounts } : {};
