import type { Kysely, Migration } from 'kysely';
import type { MigrationSet } from '../../platform/database/migration-runner';

/*
 * When the admin's cached figures (the tabs' counts, the Overview) must be computed afresh on
 * every instance (decision 121): a lead deleted, released from quarantine or moved to another
 * status on one instance makes every instance's cache stale at once, not after its time to
 * live. New leads need no signal: the caches' short lives bound that staleness alike on one
 * instance or many.
 */

export interface FiguresFreshnessTables {
  /** One row: a number that grows with every change that makes cached figures stale. */
  admin_figures_generation: { id: number; generation: number };
}

const ROW = 1;

/** 146: PostgreSQL only; on SQLite one process holds every cache, so memory says it all. */
const createGeneration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('admin_figures_generation')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('generation', 'integer', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('admin_figures_generation').execute();
  },
};

export const figuresFreshnessMigrations: MigrationSet = (dialect): Record<string, Migration> =>
  dialect === 'postgres' ? { '146_admin_figures_generation': createGeneration } : {};

/**
 * A cache keeps the generation it computed under and computes again once it differs. On
 * PostgreSQL the generation is read from the database (a one-row primary-key read per cached
 * answer), so a change on any instance reaches all; on SQLite it is this process's counter.
 */
export class FiguresFreshness {
  private local = 0;

  constructor(
    /** The shared row's database (PostgreSQL); undefined: this process alone (SQLite). */
    private readonly db?: Kysely<FiguresFreshnessTables>,
  ) {}

  async generation(): Promise<number> {
    if (!this.db) return this.local;
    const row = await this.db
      .selectFrom('admin_figures_generation')
      .select('generation')
      .where('id', '=', ROW)
      .executeTakeFirst();
    return row?.generation ?? 0;
  }

  /** Every cache, on every instance, computes afresh on its next read. */
  async changed(): Promise<void> {
    this.local += 1;
    if (!this.db) return;
    await this.db
      .insertInto('admin_figures_generation')
      .values({ id: ROW, generation: 1 })
      .onConflict((conflict) =>
        conflict.column('id').doUpdateSet((eb) => ({
          generation: eb(eb.ref('admin_figures_generation.generation'), '+', 1),
        })),
      )
      .execute();
  }
}
