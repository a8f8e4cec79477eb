import type { Generated } from 'kysely';

export type AdminFactorTables = {
  /** An account's passkeys (WebAuthn credentials): id and COSE public key in base64url. */
  admin_passkeys: {
    id: Generated<number>;
    account_id: number;
    credential_id: string;
    public_key: string;
    /** The signature counter the authenticator last reported (0 for most passkeys). */
    counter: number;
    /** JSON array of the transports the browser reported (hints for the next sign-in). */
    transports: string;
    name: string;
    created_at: string;
    last_used_at: string | null;
  };
  admin_totp: {
    account_id: number;
    /** The base32 secret; the app holds the same, so it cannot be hashed. */
    secret: string;
    /** Null until a first code confirmed it: an unconfirmed secret is no factor. */
    confirmed_at: string | null;
    /** The 30 s step of the last code accepted: that code and older ones are refused. */
    last_time_step: number | null;
  };
  /** Single-use recovery codes: SHA-256 suffices, codes are random (50 bits). */
  admin_recovery_codes: {
    id: Generated<number>;
    account_id: number;
    code_hash: string;
    used_at: string | null;
  };
  /** A WebAuthn challenge handed out, used once, answerable on any instance. */
  admin_webauthn_challenges: WebauthnChallenge;
  /** A password sign-in waiting for its second factor: the cookie's token's SHA-256. */
  admin_pending_sign_ins: { token_hash: string; account_id: number; expires_at: string };
};

export interface WebauthnChallenge {
  challenge: string;
  /** 'register': a signed-in account's; 'invitation': an invitee's first passkey; or 'sign_in'. */
  purpose: 'register' | 'invitation' | 'sign_in';
  account_id: number | null;
  invitation_id: number | null;
  expires_at: string;
}
