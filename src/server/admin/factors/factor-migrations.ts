import type { Kysely, Migration } from 'kysely';
import { autoIncrementId } from '../../platform/database/migration-columns';
import type { DialectName, MigrationSet } from '../../platform/database/migration-runner';

/** 210: passkeys, authenticator apps, recovery codes, WebAuthn challenges, pending sign-ins. */
function createFactors(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('admin_passkeys')
        .addColumn('id', 'integer', autoIncrementId(dialect))
        .addColumn('account_id', 'integer', (c) => c.notNull())
        .addColumn('credential_id', 'text', (c) => c.notNull().unique())
        .addColumn('public_key', 'text', (c) => c.notNull())
        .addColumn('counter', 'bigint', (c) => c.notNull())
        .addColumn('transports', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_used_at', 'text')
        .execute();
      await db.schema
        .createIndex('admin_passkeys_account_idx')
        .on('admin_passkeys')
        .column('account_id')
        .execute();
      await db.schema
        .createTable('admin_totp')
        .addColumn('account_id', 'integer', (c) => c.primaryKey())
        .addColumn('secret', 'text', (c) => c.notNull())
        .addColumn('confirmed_at', 'text')
        .addColumn('last_time_step', 'integer')
        .execute();
      await db.schema
        .createTable('admin_recovery_codes')
        .addColumn('id', 'integer', autoIncrementId(dialect))
        .addColumn('account_id', 'integer', (c) => c.notNull())
        .addColumn('code_hash', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .execute();
      await db.schema
        .createIndex('admin_recovery_codes_account_idx')
        .on('admin_recovery_codes')
        .columns(['account_id', 'code_hash'])
        .execute();
      await db.schema
        .createTable('admin_webauthn_challenges')
        .addColumn('challenge', 'text', (c) => c.primaryKey())
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('account_id', 'integer')
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('admin_pending_sign_ins')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'integer', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
      // When the session's person last proved a factor again (re-authentication for changes).
      await db.schema.alterTable('admin_sessions').addColumn('confirmed_at', 'text').execute();
    },
  };
}

/** 270: a challenge may be an invitation's, whose first passkey makes the account. */
const invitationChallenges: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('admin_webauthn_challenges')
      .addColumn('invitation_id', 'integer')
      .execute();
  },
};

export const adminFactorMigrations: MigrationSet = (dialect) => ({
  '210_admin_factors': createFactors(dialect),
  '270_invitation_passkeys': invitationChallenges,
});
