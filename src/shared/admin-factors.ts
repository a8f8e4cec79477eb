import { integer, listOf, nullableText, objectOf, text, type FromSchema } from './json-schema';

/** How a password sign-in's second step can be made. */
export type SecondFactor = 'totp' | 'recovery' | 'passkey';

/** GET /api/admin/factors: the signed-in account's second factors. */
export const accountFactorsSchema = objectOf({
  passkeys: listOf({ id: integer, name: text, createdAt: text, lastUsedAt: nullableText }),
  totp: { type: 'boolean', description: 'An authenticator app is set up (and confirmed)' },
  recoveryCodesLeft: integer,
  confirmedUntil: {
    ...nullableText,
    description: 'Until when factors may be changed without confirming again; null: confirm first',
  },
  hasPassword: { type: 'boolean', description: 'False: the account signs in with passkeys alone' },
});
export type AccountFactors = FromSchema<typeof accountFactorsSchema>;

/** The answer of a password sign-in that needs its second step (beside the spec's field). */
export interface SecondFactorNeeded {
  authenticated: false;
  secondFactor: SecondFactor[];
}
