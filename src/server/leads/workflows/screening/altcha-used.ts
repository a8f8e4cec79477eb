import type { Kysely } from 'kysely';
import type { MigrationSet } from '../../../platform/database/migration-runner';

/* The ALTCHA solutions already used (decision 095): on PostgreSQL a replay on every instance. */

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
      await db.schema
        .createIndex('altcha_used_expires_idx')
        .on('altcha_used')
        .column('expires')
        .execute();
    },
  },
});

const PRUNE_EVERY_MS = 60_000;

/** altcha-lib's replay store: one INSERT … ON CONFLICT DO NOTHING, so two instances accept once. */
export class AltchaUsed {
  private prunedAt = 0;

  constructor(
    private readonly db: Kysely<AltchaUsedTables>,
    private readonly lifetimeMs: number,
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
      .values({ id: key, expires: now + this.lifetimeMs })
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
