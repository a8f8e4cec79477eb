import type { Kysely } from 'kysely';
import type { MigrationSet } from '../platform/database/migration-runner';

/** Where a spend row came from: Meta's insights pull, or an admin's CSV upload. */
export type SpendOrigin = 'meta' | 'upload';

export interface SpendTables {
  /** One day's spend of one campaign; a re-upload of the same key replaces it. */
  ad_spend: {
    day: string;
    /** Compared with utm_source: `facebook` for Meta's pull. */
    source: string;
    /** Meta's campaign id, or the uploaded campaign (matched with utm_campaign). */
    campaign: string;
    /** Meta's campaign name (utm_campaign may carry it instead of the id). */
    campaign_name: string;
    /** ISO 4217 code; `amount_minor` is in its minor unit (cents for USD, yen for JPY). */
    currency: string;
    amount_minor: number | string;
    impressions: number | string | null;
    clicks: number | string | null;
    origin: SpendOrigin;
    updated_at: string;
  };
  /** The admin's mapping: leads with this utm_campaign belong to that campaign. */
  ad_spend_mappings: { utm_campaign: string; source: string; campaign: string; updated_at: string };
  /** The pull's schedule: the instance that moves `next_pull_at` forward pulls. */
  ad_spend_pulls: {
    origin: SpendOrigin;
    next_pull_at: string;
    failures: number;
    last_error: string | null;
    last_attempt_at: string | null;
    last_success_at: string | null;
  };
}

export const spendMigrations: MigrationSet = () => ({
  '280_ad_spend': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('ad_spend')
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('campaign', 'text', (c) => c.notNull())
        .addColumn('campaign_name', 'text', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('amount_minor', 'bigint', (c) => c.notNull())
        .addColumn('impressions', 'bigint')
        .addColumn('clicks', 'bigint')
        .addColumn('origin', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        // The report reads a range of days: the key starts with the day.
        .addPrimaryKeyConstraint('ad_spend_pk', ['day', 'source', 'campaign'])
        .execute();
      await db.schema
        .createTable('ad_spend_mappings')
        .addColumn('utm_campaign', 'text', (c) => c.primaryKey())
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('campaign', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('ad_spend_pulls')
        .addColumn('origin', 'text', (c) => c.primaryKey())
        .addColumn('next_pull_at', 'text', (c) => c.notNull())
        .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_error', 'text')
        .addColumn('last_attempt_at', 'text')
        .addColumn('last_success_at', 'text')
        .execute();
    },
  },
});
