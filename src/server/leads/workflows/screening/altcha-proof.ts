import { createChallenge, randomInt } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { deriveHmacKeySecret, verify } from 'altcha-lib/frameworks/shared';
import type { Store } from 'altcha-lib/frameworks/types';
import type { Kysely } from 'kysely';
import { createIndex } from '../../../platform/database/migration-columns';
import type { MigrationSet } from '../../../platform/database/migration-runner';

export interface ProofOfWork {
  challenge(): Promise<object>;
  /** Whether `payload` (the widget's base64 solution) solves a challenge we signed, once. */
  verify(payload: unknown): Promise<boolean>;
}

const CHALLENGE_LIFETIME_MS = 30 * 60_000;

/** Self-hosted ALTCHA: PBKDF2 challenges (about a second on a phone), each solved once (decision 122). */
export async function altchaProof(hmacKey: string, used: Store): Promise<ProofOfWork> {
  const hmacKeySignatureSecret = await deriveHmacKeySecret(hmacKey);
  return {
    challenge: () =>
      createChallenge({
        algorithm: 'PBKDF2/SHA-256',
        cost: 2_000,
        counter: randomInt(200, 1_000),
        deriveKey,
        expiresAt: Math.floor((Date.now() + CHALLENGE_LIFETIME_MS) / 1000),
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

export interface AltchaUsedTables {
  altcha_used: {
    /** The challenge's signature: no personal data. */
    id: string;
    /** Epoch ms after which the challenge has expired anyway. */
    expires: number;
  };
}

export const altchaUsedMigrations: MigrationSet = () => ({
  '148_altcha_used': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('altcha_used')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('expires', 'bigint', (c) => c.notNull())
        .execute();
      await createIndex(db, 'altcha_used', 'expires', ['expires']);
    },
  },
});

const PRUNE_EVERY_MS = 60_000;

/** The solutions already used, in a table: one INSERT … ON CONFLICT DO NOTHING, so two instances accept once. */
export class AltchaUsed implements Store {
  private prunedAt = 0;

  constructor(
    private readonly db: Kysely<AltchaUsedTables>,
    private readonly onError: (error: unknown) => void,
  ) {}

  async setIfAbsent(key: string): Promise<boolean> {
    const now = Date.now();
    if (now - this.prunedAt >= PRUNE_EVERY_MS) {
      this.prunedAt = now;
      this.db.deleteFrom('altcha_used').where('expires', '<=', now).execute().catch(this.onError);
    }
    const added = await this.db
      .insertInto('altcha_used')
      .values({ id: key, expires: now + CHALLENGE_LIFETIME_MS })
      .onConflict((conflict) => conflict.column('id').doNothing())
      .returning('id')
      .executeTakeFirst();
    return added !== undefined;
  }

  async get(key: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('altcha_used')
      .select('id')
      .where('id', '=', key)
      .executeTakeFirst();
    return row !== undefined;
  }

  async set(key: string): Promise<void> {
    await this.setIfAbsent(key);
  }
}
