import type { Kysely } from 'kysely';
import type { MigrationSet } from '../../../platform/database/migration-runner';

/**
 * 157: what the person chose about our messages (issue 21). `reminders_stopped_at`: when they
 * stopped reminders (status page or one-click unsubscribe); null while reminders may go.
 */
export const personChoiceMigrations: MigrationSet = () => ({
  '157_reminders_stopped': {
    async up(db: Kysely<unknown>) {
      for (const table of ['candidates', 'companies']) {
        await db.schema.alterTable(table).addColumn('reminders_stopped_at', 'text').execute();
      }
    },
  },
});
