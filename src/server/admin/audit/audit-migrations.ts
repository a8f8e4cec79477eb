import type { Kysely, Migration } from 'kysely';
import { autoIncrementId } from '../../platform/database/migration-columns';
import type { DialectName, MigrationSet } from '../../platform/database/migration-runner';

/** 031: the admin audit log; read newest first by id. */
function createAuditEntries(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('admin_audit_entries')
        .addColumn('id', 'integer', autoIncrementId(dialect))
        .addColumn('at', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('actor', 'text', (c) => c.notNull())
        .addColumn('lead_type', 'text')
        .addColumn('lead_id', 'integer')
        .addColumn('detail', 'text')
        .execute();
      await db.schema
        .createIndex('admin_audit_entries_lead_idx')
        .on('admin_audit_entries')
        .columns(['lead_type', 'lead_id'])
        .execute();
    },
  };
}

/** 151: the key of the person hashes (audit-log.ts), one row, made on first use. */
const createAuditKeys: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('admin_audit_keys')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .execute();
  },
};

/** 202: the account that acted, so the log filters by account (docs/decisions/156). */
const auditAccounts: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('admin_audit_entries').addColumn('account_id', 'integer').execute();
    await db.schema
      .createIndex('admin_audit_entries_account_idx')
      .on('admin_audit_entries')
      .columns(['account_id', 'id'])
      .execute();
  },
};

export const auditMigrations: MigrationSet = (dialect) => ({
  '031_admin_audit_log': createAuditEntries(dialect),
  '151_admin_audit_keys': createAuditKeys,
  '202_admin_audit_accounts': auditAccounts,
});
