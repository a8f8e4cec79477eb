import { tablesOf } from '../../../platform/database/connection';
import { sql, type Kysely, type Migration } from 'kysely';
import type { PageState } from '@shared/page-state';
import type { MigrationSet } from '../../../platform/database/migration-runner';

/** A page's messages or confirmation, waiting for the next view of `route`. */
export interface Flash {
  route: string;
  state: PageState;
  expires: number;
}

export interface FormFlashTables {
  /** `id`: the random id the visitor's HttpOnly cookie holds; `state`: PageState as JSON. */
  form_flashes: { id: string; route: string; state: string; expires: number };
}

/** UNLOGGED on PostgreSQL: a minutes-long flash of typed text stays out of the WAL. */
const createFormFlashes = (dialect: string): Migration => ({
  async up(db: Kysely<unknown>) {
    const table = db.schema.createTable('form_flashes');
    await (dialect === 'postgres' ? table.modifyFront(sql`unlogged`) : table)
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('route', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('expires', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('form_flashes_expires_idx')
      .on('form_flashes')
      .column('expires')
      .execute();
  },
});

export const formFlashMigrations: MigrationSet = (dialect): Record<string, Migration> => ({
  '147_form_flashes': createFormFlashes(dialect),
});

const PRUNE_EVERY_MS = 60_000;

/** Flashes for the next page on any instance; one DELETE … RETURNING shows it once. */
export class FlashStore {
  private prunedAt = 0;
  private readonly db: Kysely<FormFlashTables>;

  constructor(
    /** The ephemeral database. */
    db: Pick<Kysely<object>, 'getExecutor'>,
    private readonly onError: (error: unknown) => void,
  ) {
    this.db = tablesOf<FormFlashTables>(db);
  }

  async put(id: string, flash: Flash, nowMs: number): Promise<void> {
    if (nowMs - this.prunedAt >= PRUNE_EVERY_MS) {
      this.prunedAt = nowMs;
      this.db
        .deleteFrom('form_flashes')
        .where('expires', '<=', nowMs)
        .execute()
        .catch(this.onError);
    }
    await this.db
      .insertInto('form_flashes')
      .values({
        id,
        route: flash.route,
        state: JSON.stringify(flash.state),
        expires: flash.expires,
      })
      .execute();
  }

  /** The flash `id` if it is for `route`, removed; one for another route is left for it. */
  async take(id: string, route: string): Promise<Flash | undefined> {
    const row = await this.db
      .deleteFrom('form_flashes')
      .where('id', '=', id)
      .where('route', '=', route)
      .returning(['state', 'expires'])
      .executeTakeFirst();
    if (!row) return undefined;
    return { route, state: JSON.parse(row.state) as PageState, expires: Number(row.expires) };
  }
}
