import type { Kysely } from 'kysely';
import { autoIncrementId } from '../../../platform/database/migration-columns';
import type { MigrationSet } from '../../../platform/database/migration-runner';

/** 041: the admin's activity on each lead (pipeline-tables.ts), found by its lead. */
export const pipelineMigrations: MigrationSet = (dialect) => ({
  '041_lead_activity': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('lead_activity')
        .addColumn('id', 'integer', autoIncrementId(dialect))
        .addColumn('lead_table', 'text', (c) => c.notNull())
        .addColumn('lead_id', 'integer', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('text', 'text')
        .addColumn('from_status', 'text')
        .addColumn('to_status', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('lead_activity_lead_idx')
        .on('lead_activity')
        .columns(['lead_table', 'lead_id'])
        .execute();
    },
  },
});
