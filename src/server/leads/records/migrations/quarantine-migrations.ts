import type { Kysely, Migration } from 'kysely';
import { autoIncrementId } from '../../../platform/database/migration-columns';
import type { DialectName, MigrationSet } from '../../../platform/database/migration-runner';

/** 004: the quarantine, newest first for the admin, and the spam keys. */
export function createLeadQuarantine(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('lead_quarantine')
        .addColumn('id', 'integer', autoIncrementId(dialect))
        .addColumn('lead_table', 'text', (c) => c.notNull())
        .addColumn('form', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('step', 'text', (c) => c.notNull())
        .addColumn('reasons', 'text', (c) => c.notNull())
        .addColumn('user_agent', 'text')
        .addColumn('received_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('spam_keys')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
    },
  };
}

/** 166: the dropped forms' daily counts. */
export const quarantineDroppedMigrations: MigrationSet = () => ({
  '166_lead_quarantine_dropped': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('lead_quarantine_dropped')
        .addColumn('day', 'text', (c) => c.primaryKey())
        .addColumn('forms', 'integer', (c) => c.notNull())
        .execute();
    },
  },
});
