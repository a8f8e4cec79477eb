import { createChallenge, randomInt } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { deriveHmacKeySecret, verify } from 'altcha-lib/frameworks/shared';
import type { Store } from 'altcha-lib/frameworks/types';

export interface ProofOfWork {
  challenge(): Promise<object>;
  /** Whether `payload` (the widget's base64 solution) solves a challenge we signed, once. */
  verify(payload: unknown): Promise<boolean>;
}

export const CHALLENGE_LIFETIME_S = 30 * 60;

export type UsedSolutions = Store;

/** Self-hosted ALTCHA: PBKDF2 challenges (about a second on a phone), each solved once (decision 122). */
export async function altchaProof(hmacKey: string, used: UsedSolutions): Promise<ProofOfWork> {
  const hmacKeySignatureSecret = await deriveHmacKeySecret(hmacKey);
  return {
    challenge: () =>
      createChallenge({
        algorithm: 'PBKDF2/SHA-256',
        cost: 2_000,
        counter: randomInt(200, 1_000),
        deriveKey,
        expiresAt: Math.floor(Date.now() / 1000) + CHALLENGE_LIFETIME_S,
        hmacSignatureSecret: hmacKey,
        hmacKeySignatureSecret,
      }),
    async verify(payload) {
      if (typeof payload !== 'string' || payload.length === 0 || payload.length > 10_000) {
        return false;
      }
      const result = await verify(payload, deriveKey, hmacKey, hmacKeySignatureSecret, used);
      return result.error === null;
    },
  };
}
