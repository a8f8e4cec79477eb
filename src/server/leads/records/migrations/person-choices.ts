import type { Kysely } from 'kysely';
import type { MigrationSet } from '../../../platform/database/migration-runner';

/** 157: when the person stopped reminders; null while they may go. */
export const personChoiceMigrations: MigrationSet = () => ({
  '157_reminders_stopped': {
    async up(db: Kysely<unknown>) {
      for (const table of ['candidates', 'companies']) {
        await db.schema.alterTable(table).addColumn('reminders_stopped_at', 'text').execute();
      }
    },
  },
});
