import type { Kysely } from 'kysely';
import type { MigrationSet } from '../../../platform/database/migration-runner';

/*
 * 160: who may change a lead (issue 21, docs/decisions/151). On each lead: whether a browser was
 * given its proof, how many forms without it wait for the admin's review, and how many forms
 * past the history's cap were counted, not kept. On each submission: whether it had the proof
 * (existing rows did: they predate the proof).
 */
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
