import { sql, type Kysely, type Migration } from 'kysely';
import { autoIncrementId } from '../../platform/database/migration-columns';
import type { DialectName, MigrationSet } from '../../platform/database/migration-runner';

/** 020: server-side admin sessions and the failed sign-ins the login throttle counts. */
function createAdminSessions(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('admin_sessions')
        .addColumn('id', 'integer', autoIncrementId(dialect))
        // SHA-256 of the cookie's random token: a leaked table does not give a session.
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('revoked_at', 'text')
        .execute();
      await db.schema
        .createTable('admin_login_failures')
        .addColumn('id', 'integer', autoIncrementId(dialect))
        // SHA-256 of the client's IP address: counted, not kept in clear.
        .addColumn('client_key', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('admin_login_failures_client_idx')
        .on('admin_login_failures')
        .columns(['client_key', 'created_at'])
        .execute();
      await db.schema
        .createIndex('admin_sessions_expires_idx')
        .on('admin_sessions')
        .column('expires_at')
        .execute();
    },
  };
}

/**
 * 038: one row of attempts per address instead of one row per failure, so an attempt is
 * counted by a single atomic upsert before the password is checked (docs/decisions/020).
 */
const countLoginAttempts: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.dropTable('admin_login_failures').execute();
    await db.schema
      .createTable('admin_login_attempts')
      .addColumn('client_key', 'text', (c) => c.primaryKey())
      .addColumn('window_started_at', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull())
      .execute();
  },
};

/**
 * 030: sessions end after 30 minutes idle and with a change of password.
 * Sessions from before have neither column and are refused: one sign-in after the upgrade.
 */
const limitSessions: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('admin_sessions').addColumn('last_seen_at', 'text').execute();
    await db.schema
      .alterTable('admin_sessions')
      .addColumn('password_fingerprint', 'text')
      .execute();
    await db.schema
      .createTable('admin_password')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .execute();
  },
};

/** 200: named accounts; the founding owner is account 1, and sessions name their account. */
function createAccounts(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('admin_accounts')
        .addColumn('id', 'integer', autoIncrementId(dialect))
        .addColumn('email', 'text', (c) => c.unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('password_hash', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('disabled_at', 'text')
        .execute();
      await sql`INSERT INTO admin_accounts (name, role, created_at)
        VALUES ('Owner', 'owner', ${new Date().toISOString()})`.execute(db);
      await db.schema.alterTable('admin_sessions').addColumn('account_id', 'integer').execute();
    },
  };
}

/**
 * 201: invitations (only the SHA-256 of the e-mailed token, set when the mail is sent), and a
 * session's device and network for its account's list of sessions (docs/decisions/156).
 */
function createInvitations(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('admin_invitations')
        .addColumn('id', 'integer', autoIncrementId(dialect))
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('token_hash', 'text', (c) => c.unique())
        .addColumn('invited_by', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('accepted_at', 'text')
        .execute();
      await db.schema.alterTable('admin_sessions').addColumn('user_agent', 'text').execute();
      await db.schema.alterTable('admin_sessions').addColumn('network', 'text').execute();
    },
  };
}

/** 220: the per-account and site-wide sign-in budgets. */
const budgetLogins: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('admin_login_accounts')
      .addColumn('account_key', 'text', (c) => c.primaryKey())
      .addColumn('failures', 'integer', (c) => c.notNull())
      .addColumn('next_attempt_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('admin_login_site_failures')
      .addColumn('hour', 'text', (c) => c.primaryKey())
      .addColumn('failures', 'integer', (c) => c.notNull())
      .execute();
  },
};

export const adminAuthMigrations: MigrationSet = (dialect) => ({
  '020_admin_sessions': createAdminSessions(dialect),
  '030_admin_session_limits': limitSessions,
  '038_admin_login_attempts': countLoginAttempts,
  '200_admin_accounts': createAccounts(dialect),
  '201_admin_invitations': createInvitations(dialect),
  '220_admin_login_budgets': budgetLogins,
});
