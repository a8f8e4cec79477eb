import { accountSchema } from '@shared/admin-accounts';

/** A password as a sign-in, a confirmation or an invitation takes it. */
export const passwordText = { type: 'string', minLength: 1, maxLength: 1024 } as const;

/** A refused sign-in: why, and for a throttled one when to try again. */
export const signInErrorBody = {
  type: 'object',
  properties: { error: { type: 'string' }, retryAfterSeconds: { type: 'integer' } },
  required: ['error'],
} as const;

/** A completed sign-in's answer: the signed-in account beside the spec's `authenticated`. */
export const signedInBody = {
  type: 'object',
  properties: { authenticated: { type: 'boolean' }, account: accountSchema },
  required: ['authenticated'],
} as const;

/** The spec's session answer, and beside it the second step or set-up still needed. */
export const sessionBody = {
  type: 'object',
  properties: {
    ...signedInBody.properties,
    secondFactor: { type: 'array', items: { type: 'string' } },
    setupRequired: { type: 'boolean' },
  },
  required: ['authenticated'],
} as const;
