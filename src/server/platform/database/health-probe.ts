import { tablesOf } from './connection';
import type { MigrationSet } from './migration-runner';

/* The health check's real write (decision 105): a read succeeds on a full disk, a write not. */

export interface HealthProbeTables {
  health_probe: { id: number; checked_at: string };
}

export const healthProbeMigrations: MigrationSet = () => ({
  /** The health probe's one-row table. */
  '090_health_probe': {
    async up(db) {
      await db.schema
        .createTable('health_probe')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('checked_at', 'text', (c) => c.notNull())
        .execute();
    },
  },
});

/** Upserts the probe row inside the caller's transaction. */
export async function writeHealthProbe(trx: Parameters<typeof tablesOf>[0]): Promise<void> {
  const checkedAt = new Date().toISOString();
  await tablesOf<HealthProbeTables>(trx)
    .insertInto('health_probe')
    .values({ id: 1, checked_at: checkedAt })
    .onConflict((conflict) => conflict.column('id').doUpdateSet({ checked_at: checkedAt }))
    .execute();
}
