/** How a password sign-in's second step can be made (issue 22). */
export const SECOND_FACTORS = ['totp', 'recovery', 'passkey'] as const;
export type SecondFactor = (typeof SECOND_FACTORS)[number];

/** GET /api/admin/factors: the signed-in account's second factors. */
export interface AccountFactors {
  passkeys: { id: number; name: string; createdAt: string; lastUsedAt: string | null }[];
  /** An authenticator app is set up (and confirmed). */
  totp: boolean;
  recoveryCodesLeft: number;
  /** Until when factors may be changed without confirming again; null: confirm first. */
  confirmedUntil: string | null;
  /** False for an account that signs in with passkeys alone: no password can confirm it. */
  hasPassword: boolean;
}

/** The answer of a password sign-in that needs its second step (beside the spec's field). */
export interface SecondFactorNeeded {
  authenticated: false;
  secondFactor: SecondFactor[];
}
