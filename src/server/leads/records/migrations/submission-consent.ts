import type { Kysely, Migration } from 'kysely';
import type { MigrationSet } from '../../../platform/database/migration-runner';

/** 110: each submission records the tracking state the form reported (decision 110). */
const submissionConsent: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('lead_submissions').addColumn('consent', 'text').execute();
  },
};

export const submissionConsentMigrations: MigrationSet = () => ({
  '110_lead_submission_consent': submissionConsent,
});
