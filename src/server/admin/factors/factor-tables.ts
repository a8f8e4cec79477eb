import type { Generated } from 'kysely';

/** A passkey (WebAuthn credential) of an admin account; an account may have several. */
export interface AdminPasskeysTable {
  id: Generated<number>;
  account_id: number;
  /** The credential's id, base64url, as the authenticator names it. */
  credential_id: string;
  /** The COSE public key, base64url. */
  public_key: string;
  /** The signature counter the authenticator last reported (0 for most passkeys). */
  counter: number;
  /** JSON array of the transports the browser reported (hints for the next sign-in). */
  transports: string;
  /** The name the person gave it, to tell their passkeys apart. */
  name: string;
  created_at: string;
  last_used_at: string | null;
}

/** An account's authenticator app (RFC 6238). One per account. */
export interface AdminTotpTable {
  account_id: number;
  /** The base32 secret; the app holds the same, so it cannot be hashed. */
  secret: string;
  /** Null until the first code confirmed it: an unconfirmed secret is no factor. */
  confirmed_at: string | null;
  /** The 30 s step of the last code accepted: that code and older ones are refused (replay). */
  last_time_step: number | null;
}

/** Single-use recovery codes of an account with an authenticator app. */
export interface AdminRecoveryCodesTable {
  id: Generated<number>;
  account_id: number;
  /** SHA-256 of the code: codes are random (50 bits), so a fast hash suffices. */
  code_hash: string;
  used_at: string | null;
}

/** A WebAuthn challenge handed out, used once, in the database so any instance can check it. */
export interface AdminWebauthnChallengesTable {
  challenge: string;
  /**
   * 'register': an account adds a passkey (account_id set); 'invitation': an invitee registers
   * the new account's first one (invitation_id set); 'sign_in' otherwise.
   */
  purpose: 'register' | 'invitation' | 'sign_in';
  account_id: number | null;
  invitation_id: number | null;
  expires_at: string;
}

/** A password sign-in waiting for its second factor: the cookie holds the token. */
export interface AdminPendingSignInsTable {
  /** SHA-256 of the cookie's random token. */
  token_hash: string;
  account_id: number;
  expires_at: string;
}

/** The second factors' tables, for `tablesOf<AdminFactorTables>(db)`. */
export type AdminFactorTables = {
  admin_passkeys: AdminPasskeysTable;
  admin_totp: AdminTotpTable;
  admin_recovery_codes: AdminRecoveryCodesTable;
  admin_webauthn_challenges: AdminWebauthnChallengesTable;
  admin_pending_sign_ins: AdminPendingSignInsTable;
};
