import type { Generated } from 'kysely';
import type { AdminRole } from '@shared/admin-accounts';

/** A signed-in administrator: the cookie holds a random token, this table its SHA-256. */
export interface AdminSessionsTable {
  id: Generated<number>;
  token_hash: string;
  created_at: string;
  /** ISO 8601 UTC; the session is refused from then on (12 hours after sign-in). */
  expires_at: string;
  /** ISO 8601 UTC of the last use, written at most once a minute; 30 minutes idle end it. */
  last_seen_at: string | null;
  /** passwordFingerprint() of the password it was made under; another password refuses it. */
  password_fingerprint: string | null;
  /** Set by logout; a revoked session is refused. */
  revoked_at: string | null;
  /** The account signed in; sessions from before accounts have none and are refused. */
  account_id: number | null;
  /** The browser's User-Agent (first 256 characters), shown as "Chrome on Android". */
  user_agent: string | null;
  /** Where: the address's network (IPv4 /24, IPv6 /64), not the address. */
  network: string | null;
  /** When a factor was last proved again on it (null: at sign-in); changing a factor needs it recent. */
  confirmed_at: string | null;
}

/** An owner's invitation: usable once, until expires_at (72 hours). */
export interface AdminInvitationsTable {
  id: Generated<number>;
  /** Lower-cased. */
  email: string;
  role: AdminRole;
  /** SHA-256 of the e-mailed token; null until the mail is sent (the raw token is never stored). */
  token_hash: string | null;
  invited_by: number;
  created_at: string;
  expires_at: string;
  accepted_at: string | null;
}

/**
 * A named admin account (issue 22). The founding owner has no e-mail: it signs in with
 * ADMIN_PASSWORD alone, whose hash lives in admin_password, so its password_hash is null.
 */
export interface AdminAccountsTable {
  id: Generated<number>;
  /** Lower-cased; unique. */
  email: string | null;
  name: string;
  role: AdminRole;
  password_hash: string | null;
  created_at: string;
  /** Set when an owner disables the account: it cannot sign in, its sessions end. */
  disabled_at: string | null;
}

/** Sign-in attempts of one address in its current window. */
export interface AdminLoginAttemptsTable {
  /** SHA-256 of the client IP. */
  client_key: string;
  /** ISO 8601 UTC of the window's first attempt. */
  window_started_at: string;
  attempts: number;
}

/** An account's sign-in attempts since its last success. */
export interface AdminLoginAccountsTable {
  /** SHA-256 of the account key: 'owner', or a named account's sign-in e-mail. */
  account_key: string;
  /** Attempts counted as failures until one succeeds. */
  failures: number;
  /** ISO 8601 UTC; an attempt before it is refused (429). */
  next_attempt_at: string;
}

/** Wrong passwords across the site in one clock hour. */
export interface AdminLoginSiteFailuresTable {
  /** `2026-11-23T10`: the hour's UTC date and hour. */
  hour: string;
  failures: number;
}

/**
 * The ADMIN_PASSWORD's hash, kept so that every instance and every restart checks against
 * the same hash (and so binds sessions to the same fingerprint) while the password stays.
 */
export interface AdminPasswordTable {
  id: number;
  password_hash: string;
}

/** The admin sign-in's tables, for `tablesOf<AdminAuthTables>(db)`. */
export type AdminAuthTables = {
  admin_accounts: AdminAccountsTable;
  admin_invitations: AdminInvitationsTable;
  admin_sessions: AdminSessionsTable;
  admin_login_attempts: AdminLoginAttemptsTable;
  admin_password: AdminPasswordTable;
  admin_login_accounts: AdminLoginAccountsTable;
  admin_login_site_failures: AdminLoginSiteFailuresTable;
};
