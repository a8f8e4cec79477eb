import { arrayOfObjects, nullable, objectOf } from '../../platform/http/api-schemas';

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

export const sixDigits = { type: 'string', pattern: '^[0-9]{6}$' } as const;

export const recoveryCodesBody = objectOf({
  recoveryCodes: { type: 'array', items: { type: 'string' } },
});

export const confirmRequiredBody = {
  type: 'object',
  description: 'Confirm with the password or a factor first (or a cross-origin request)',
  properties: { error: { type: 'string' }, confirmRequired: { type: 'boolean' } },
  required: ['error'],
} as const;

export const confirmedUntilBody = objectOf({ confirmedUntil: nullable('string') });

/** Every field of `AccountFactors` (src/shared/admin-factors.ts). */
export const accountFactorsBody = objectOf({
  passkeys: arrayOfObjects(
    {
      id: { type: 'integer' },
      name: { type: 'string' },
      createdAt: { type: 'string' },
      lastUsedAt: nullable('string'),
    },
    true,
  ),
  totp: { type: 'boolean' },
  recoveryCodesLeft: { type: 'integer' },
  ...confirmedUntilBody.properties,
  hasPassword: {
    type: 'boolean',
    description: 'False: the account signs in with passkeys alone',
  },
});

export const totpEnrolmentBody = objectOf({
  secret: { type: 'string' },
  uri: { type: 'string' },
  qrCode: { type: 'string', description: 'The otpauth URI as an SVG data URL' },
});
