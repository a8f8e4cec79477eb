import type { CandidatesTable, CompaniesTable } from './lead-tables';

/*
 * The lead tables' column names, for code that creates or reads whole records. The compiler
 * checks each list against the table types; a test checks them against a migrated database.
 */

/** Where the lead came from (first touch wins). */
export const attributionColumns = [
  'source_page',
  'landing_variant',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'referrer',
] as const satisfies readonly (keyof CandidatesTable & keyof CompaniesTable)[];

/** Attribution added after 001 (migration 005): Meta's click id, first touch wins too. */
export const laterAttributionColumns = [
  'fbclid',
] as const satisfies readonly (keyof CandidatesTable & keyof CompaniesTable)[];

/** What a candidate typed: the forms' text fields and the questionnaire's answers. */
export const candidateTextColumns = [
  'first_name',
  'last_name',
  'phone',
  'location',
  'education_level',
  'tech_experience',
  'reason',
  'availability',
  'full_time',
  'relocation',
  'questionnaire_location',
  'motivation',
] as const satisfies readonly (keyof CandidatesTable)[];

/** A candidate's 0/1 questionnaire flags. */
export const candidateFlagColumns = [
  'questionnaire_completed',
  'is_questionnaire_candidate',
] as const satisfies readonly (keyof CandidatesTable)[];

/** What a company typed in its forms. */
export const companyTextColumns = [
  'company_name',
  'contact_name',
  'title',
  'company_size',
  'talent_needs',
  'timeline',
  'comments',
] as const satisfies readonly (keyof CompaniesTable)[];

/** What the person chose about our messages (migration 157). */
const personChoiceColumns = [
  'reminders_stopped_at',
] as const satisfies readonly (keyof CandidatesTable & keyof CompaniesTable)[];

/** Who may change the lead, and what waits for review (migration 160). */
const proofColumns = [
  'proof_issued',
  'unverified_forms',
  'submissions_not_kept',
] as const satisfies readonly (keyof CandidatesTable & keyof CompaniesTable)[];

/** Identity and stage: every lead table has them. */
const identityColumns = ['id', 'email', 'email_normalized', 'stage'] as const;

/** Every stored column of each lead table, in one order. */
export const leadRecordColumns = {
  candidates: [
    ...identityColumns,
    ...attributionColumns,
    ...laterAttributionColumns,
    'created_at',
    'updated_at',
    ...personChoiceColumns,
    ...proofColumns,
    ...candidateTextColumns,
    ...candidateFlagColumns,
  ],
  companies: [
    ...identityColumns,
    ...attributionColumns,
    ...laterAttributionColumns,
    'created_at',
    'updated_at',
    ...personChoiceColumns,
    ...proofColumns,
    ...companyTextColumns,
  ],
} as const;
