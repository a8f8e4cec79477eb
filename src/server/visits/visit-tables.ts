import type { Kysely, Migration } from 'kysely';
import type { MigrationSet } from '../platform/database/migration-runner';

/* Daily aggregates (decision 115); blank is '' (not NULL), one key value on both databases. */

export interface VisitTables {
  /** Today's random salt of the visitor hash; yesterday's is deleted (rotation). */
  visit_salts: { day: string; salt: string };
  /** Today's visitor hashes, to count each visitor once; deleted with the salt. */
  visit_seen: { day: string; visitor: string };
  /** Visitors per day, entry page, landing variant, utm_source and utm_campaign. */
  visit_days: {
    day: string;
    page: string;
    landing_variant: string;
    utm_source: string;
    utm_campaign: string;
    visitors: number;
  };
  /** Today's new visitors per address (its daily hash, like a visitor's), to bound them. */
  visit_addresses: { day: string; address: string; visitors: number };
  /** Beacons of new visitors not counted a day: their address was past its bound. */
  visit_dropped: { day: string; beacons: number };
}

/** 120: the salts, today's seen visitors, and the daily aggregates. */
const createVisitTables: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('visit_salts')
      .addColumn('day', 'text', (c) => c.primaryKey())
      .addColumn('salt', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('visit_seen')
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('visitor', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('visit_seen_pk', ['day', 'visitor'])
      .execute();
    await db.schema
      .createTable('visit_days')
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('page', 'text', (c) => c.notNull())
      .addColumn('landing_variant', 'text', (c) => c.notNull())
      .addColumn('utm_source', 'text', (c) => c.notNull())
      .addColumn('utm_campaign', 'text', (c) => c.notNull())
      .addColumn('visitors', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('visit_days_pk', [
        'day',
        'page',
        'landing_variant',
        'utm_source',
        'utm_campaign',
      ])
      .execute();
  },
};

/** 167: the per-address bound of new visitors a day, and what it dropped. */
const createVisitBounds: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('visit_addresses')
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('visitors', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('visit_addresses_pk', ['day', 'address'])
      .execute();
    await db.schema
      .createTable('visit_dropped')
      .addColumn('day', 'text', (c) => c.primaryKey())
      .addColumn('beacons', 'integer', (c) => c.notNull())
      .execute();
  },
};

/** Each grouping's (key, day) index, which a report reads in key order (visitors-by-key.ts). */
const indexVisitKeys = (...keys: string[]): Migration => ({
  async up(db: Kysely<unknown>) {
    for (const key of keys)
      await db.schema
        .createIndex(`visit_days_${key}_idx`)
        .on('visit_days')
        .columns([key, 'day'])
        .execute();
  },
});

export const visitMigrations: MigrationSet = () => ({
  '120_visit_tables': createVisitTables,
  '167_visit_bounds': createVisitBounds,
  '296_visit_key_indexes': indexVisitKeys('landing_variant', 'utm_source', 'utm_campaign'),
  '297_visit_page_index': indexVisitKeys('page'),
});
