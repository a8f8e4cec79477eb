import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/*
 * A passkey in software for the API tests: the answers a browser gives for a discoverable P-256
 * credential with user verification and attestation "none" (WebAuthn Level 3, 6.1 and 6.5).
 * The browser tests use Chromium's own virtual authenticator instead.
 */

type Cbor = Parameters<typeof isoCBOR.encode>[0];
const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
/** User present, user verified; 0x40: attested credential data follows. */
const FLAGS = { signIn: 0x05, register: 0x45 } as const;

interface Options {
  challenge: string;
}

export function softwarePasskey(origin: string) {
  const rpId = new URL(origin).hostname;
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const id = randomBytes(16);
  const userHandle = randomBytes(16);
  const clientData = (type: string, { challenge }: Options) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  const authData = (flags: number, attested: Uint8Array = new Uint8Array()) =>
    Buffer.concat([sha256(rpId), Buffer.from([flags]), Buffer.alloc(4), attested]);

  return {
    /** What navigator.credentials.create answers to `options` (RegistrationResponseJSON). */
    register(options: Options) {
      // COSE_Key: EC2 (1: 2), ES256 (3: -7), P-256 (-1: 1), x (-2), y (-3).
      const coseKey = isoCBOR.encode(
        new Map<number, Cbor>([
          [1, 2],
          [3, -7],
          [-1, 1],
          [-2, Buffer.from(jwk.x!, 'base64url')],
          [-3, Buffer.from(jwk.y!, 'base64url')],
        ]),
      );
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(id.length);
      const attested = Buffer.concat([Buffer.alloc(16), idLength, id, coseKey]);
      const attestationObject = isoCBOR.encode(
        new Map<string, Cbor>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData(FLAGS.register, attested)],
        ]),
      );
      return {
        id: b64url(id),
        rawId: b64url(id),
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', options)),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
      };
    },
    /** What navigator.credentials.get answers to `options` (AuthenticationResponseJSON). */
    signIn(options: Options) {
      const data = authData(FLAGS.signIn);
      const json = clientData('webauthn.get', options);
      const signature = sign('sha256', Buffer.concat([data, sha256(json)]), privateKey);
      return {
        id: b64url(id),
        rawId: b64url(id),
        type: 'public-key',
        response: {
          clientDataJSON: b64url(json),
          authenticatorData: b64url(data),
          signature: b64url(signature),
          userHandle: b64url(userHandle),
        },
        clientExtensionResults: {},
      };
    },
  };
}
