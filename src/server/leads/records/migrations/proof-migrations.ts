import type { Kysely } from 'kysely';
import type { MigrationSet } from '../../../platform/database/migration-runner';

/* 160: who may change a lead (decision 176): the proof's columns on leads and submissions. */
export const leadProofMigrations: MigrationSet = () => ({
  '160_lead_proof': {
    async up(db: Kysely<unknown>) {
      for (const table of ['candidates', 'companies']) {
        for (const column of ['proof_issued', 'unverified_forms', 'submissions_not_kept']) {
          await db.schema
            .alterTable(table)
            .addColumn(column, 'integer', (c) => c.notNull().defaultTo(0))
            .execute();
        }
      }
      await db.schema
        .alterTable('lead_submissions')
        .addColumn('verified', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
    },
  },
});
