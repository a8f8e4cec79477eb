import type { Kysely, Migration } from 'kysely';
import type { MigrationSet } from '../../../platform/database/migration-runner';

/**
 * 110: each form submission records the visitor's tracking state as the form reported it
 * (granted, denied, or gpc), so the lead says whether its conversion events may go to Meta,
 * also later, for the admin's status events (decision 110).
 */
const submissionConsent: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('lead_submissions').addColumn('consent', 'text').execute();
  },
};

export const submissionConsentMigrations: MigrationSet = () => ({
  '110_lead_submission_consent': submissionConsent,
});
