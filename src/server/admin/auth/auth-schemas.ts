import { accountSchema, SESSION_ENDS } from '@shared/admin-accounts';

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

/** Signed out by no choice of this browser's: why (its cookie names a session that ended). */
export const sessionEnd = { type: 'string', enum: SESSION_ENDS } as const;

/** The spec's session answer, and beside it the second step or set-up still needed. */
export const sessionBody = {
  type: 'object',
  properties: {
    ...signedInBody.properties,
    secondFactor: { type: 'array', items: { type: 'string' } },
    setupRequired: { type: 'boolean' },
    ended: sessionEnd,
  },
  required: ['authenticated'],
} as const;

/** WebAuthn options for the browser, as @simplewebauthn/server makes them. */
export const webauthnOptions = {
  type: 'object',
  additionalProperties: true,
  description: 'Options for navigator.credentials (PublicKeyCredential*OptionsJSON)',
} as const;

/** A browser's WebAuthn answer, checked by @simplewebauthn/server rather than by a schema. */
export const webauthnResponse = { type: 'object', required: ['id', 'response'] } as const;

/** An authenticator app's code or a recovery code, as typed. */
export const codeText = { type: 'string', minLength: 1, maxLength: 64 } as const;
