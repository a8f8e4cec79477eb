import type { Generated } from 'kysely';

/** A signed-in administrator: the cookie holds a random token, this table its SHA-256. */
export interface AdminSessionsTable {
  id: Generated<number>;
  token_hash: string;
  created_at: string;
  /** ISO 8601 UTC; the session is refused from then on. */
  expires_at: string;
  /** Set by logout; a revoked session is refused. */
  revoked_at: string | null;
}

/** Sign-in attempts of one address in its current window (docs/decisions/060). */
export interface AdminLoginAttemptsTable {
  /** SHA-256 of the client IP. */
  client_key: string;
  /** ISO 8601 UTC of the window's first attempt. */
  window_started_at: string;
  attempts: number;
}

/** The admin sign-in's tables, for `tablesOf<AdminAuthTables>(db)`. */
export type AdminAuthTables = {
  admin_sessions: AdminSessionsTable;
  admin_login_attempts: AdminLoginAttemptsTable;
};
