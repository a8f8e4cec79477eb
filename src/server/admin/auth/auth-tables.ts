import type { Generated } from 'kysely';
import type { AdminRole } from '@shared/admin-accounts';

export type AdminAuthTables = {
  /** A signed-in administrator: the cookie holds a random token, this table its SHA-256. */
  admin_sessions: {
    id: Generated<number>;
    token_hash: string;
    created_at: string;
    /** Refused from then on (12 hours after sign-in). */
    expires_at: string;
    /** Written at most once a minute; 30 minutes idle end the session. */
    last_seen_at: string | null;
    /** A hash of the password it was made under (sessions.ts); another password refuses it. */
    password_fingerprint: string | null;
    revoked_at: string | null;
    /** Sessions from before accounts have none and are refused. */
    account_id: number | null;
    /** The browser's User-Agent (first 256 characters), shown as "Chrome on Android". */
    user_agent: string | null;
    /** The address's network (IPv4 /24, IPv6 /64), not the address (decision 156). */
    network: string | null;
    /** When a factor was last proved again (null: at sign-in); changing a factor needs it recent. */
    confirmed_at: string | null;
  };
  /** An owner's invitation: usable once, until expires_at (72 hours). */
  admin_invitations: {
    id: Generated<number>;
    email: string;
    role: AdminRole;
    /** SHA-256 of the e-mailed token; null until the mail is sent. */
    token_hash: string | null;
    invited_by: number;
    created_at: string;
    expires_at: string;
    accepted_at: string | null;
    /** An owner's reset of this account's sign-in: accepting sets its credential anew. */
    account_id: number | null;
  };
  /** A named account; the founding owner has no e-mail and signs in with ADMIN_PASSWORD. */
  admin_accounts: {
    id: Generated<number>;
    email: string | null;
    name: string;
    role: AdminRole;
    password_hash: string | null;
    created_at: string;
    /** Set when an owner disables the account: it cannot sign in, its sessions end. */
    disabled_at: string | null;
  };
  /** Sign-in attempts of one address (its SHA-256) in its current window. */
  admin_login_attempts: { client_key: string; window_started_at: string; attempts: number };
  /** The ADMIN_PASSWORD's hash, kept so every instance binds sessions to the same fingerprint. */
  admin_password: { id: number; password_hash: string };
  /** An account's failures since its last success; key: SHA-256 of its e-mail. */
  admin_login_accounts: { account_key: string; failures: number; next_attempt_at: string };
  /** Wrong passwords across the site per UTC hour (`2026-11-23T10`). */
  admin_login_site_failures: { hour: string; failures: number };
};
