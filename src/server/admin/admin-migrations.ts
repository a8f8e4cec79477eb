import { sql } from 'kysely';
import { addColumns, autoIncrementId, createIndex } from '../platform/database/migration-columns';
import type { MigrationSet } from '../platform/database/migration-runner';

/* The admin's tables: sessions, sign-in limits and accounts; second factors; the audit log. */

export const adminMigrations: MigrationSet = (dialect) => ({
  /** Server-side admin sessions and the failed sign-ins the login throttle counts. */
  '020_admin_sessions': {
    async up(db) {
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
      await createIndex(db, 'admin_login_failures', 'client', ['client_key', 'created_at']);
      await createIndex(db, 'admin_sessions', 'expires', ['expires_at']);
    },
  },
  /** Sessions end after 30 minutes idle and with a change of password. */
  '030_admin_session_limits': {
    async up(db) {
      await addColumns(['admin_sessions'], ['last_seen_at', 'password_fingerprint']).up(db);
      await db.schema
        .createTable('admin_password')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .execute();
    },
  },
  /** A row of attempts per address, counted by one upsert before the check. */
  '038_admin_login_attempts': {
    async up(db) {
      await db.schema.dropTable('admin_login_failures').execute();
      await db.schema
        .createTable('admin_login_attempts')
        .addColumn('client_key', 'text', (c) => c.primaryKey())
        .addColumn('window_started_at', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull())
        .execute();
    },
  },
  /** Named accounts; the founding owner is account 1, and sessions name their account. */
  '200_admin_accounts': {
    async up(db) {
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
  },
  /** Invitations, and a session's device and network for its account's list (156). */
  '201_admin_invitations': {
    async up(db) {
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
      await addColumns(['admin_sessions'], ['user_agent', 'network']).up(db);
    },
  },
  /** The per-account and site-wide sign-in budgets. */
  '220_admin_login_budgets': {
    async up(db) {
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
  },
  /** Passkeys, authenticator apps, recovery codes, WebAuthn challenges, pending sign-ins. */
  '210_admin_factors': {
    async up(db) {
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
      await createIndex(db, 'admin_passkeys', 'account', ['account_id']);
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
      await createIndex(db, 'admin_recovery_codes', 'account', ['account_id', 'code_hash']);
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
  },
  /** A challenge may be an invitation's, whose first passkey makes the account. */
  '270_invitation_passkeys': addColumns(
    ['admin_webauthn_challenges'],
    ['invitation_id'],
    'integer',
  ),
  /** An invitation may give an existing account its way back in (an owner's reset). */
  '410_invitation_resets': addColumns(['admin_invitations'], ['account_id'], 'integer'),
  /** The admin audit log (docs/decisions/064); read newest first by id. */
  '031_admin_audit_log': {
    async up(db) {
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
      await createIndex(db, 'admin_audit_entries', 'lead', ['lead_type', 'lead_id']);
    },
  },
  /** The key of the person hashes (audit-log.ts), one row, made on first use. */
  '151_admin_audit_keys': {
    async up(db) {
      await db.schema
        .createTable('admin_audit_keys')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
    },
  },
  /** The account that acted, so the log filters by account (docs/decisions/156). */
  '202_admin_audit_accounts': {
    async up(db) {
      await addColumns(['admin_audit_entries'], ['account_id'], 'integer').up(db);
      await createIndex(db, 'admin_audit_entries', 'account', ['account_id', 'id']);
    },
  },
});
