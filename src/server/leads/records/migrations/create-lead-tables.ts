import type { CreateTableBuilder, Kysely, Migration } from 'kysely';
import { autoIncrementId } from '../../../platform/database/migration-columns';
import type { DialectName, MigrationSet } from '../../../platform/database/migration-runner';
import { createLeadQuarantine } from './quarantine-migrations';

type Table = CreateTableBuilder<string, string>;

// The columns 001 created, frozen: a later column comes with a migration of its own.
const attributionColumns = [
  'source_page',
  'landing_variant',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'referrer',
];
const candidateTextColumns = [
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
];
const companyTextColumns = [
  'company_name',
  'contact_name',
  'title',
  'company_size',
  'talent_needs',
  'timeline',
  'comments',
];

/** Columns every lead table has: identity, e-mail, attribution, timestamps. */
function leadColumns(table: Table, dialect: DialectName): Table {
  const withIdentity = table
    .addColumn('id', 'integer', autoIncrementId(dialect))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('email_normalized', 'text', (c) => c.notNull().unique())
    .addColumn('stage', 'text', (c) => c.notNull());
  return textColumns(withIdentity, attributionColumns)
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull());
}

const textColumns = (table: Table, names: readonly string[]): Table =>
  names.reduce((builder, name) => builder.addColumn(name, 'text'), table);

/** 001: the lead tables. */
function createLeadTables(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await textColumns(
        leadColumns(db.schema.createTable('candidates'), dialect),
        candidateTextColumns,
      )
        // The questionnaire flags; 155 renames them questionnaire_completed, is_questionnaire_candidate.
        .addColumn('typeform_completed', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_typeform_candidate', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await textColumns(
        leadColumns(db.schema.createTable('companies'), dialect),
        companyTextColumns,
      ).execute();

      // The admin dashboard lists up to a million leads newest first, per tab (stage or
      // questionnaire flag); these indexes keep those listings and their pages cheap.
      for (const [name, table, columns] of firstListingIndexes) {
        await db.schema.createIndex(name).on(table).columns(columns).execute();
      }
    },
  };
}

/** 001's listing indexes: name, table, columns. */
const firstListingIndexes: readonly (readonly [string, string, string[]])[] = [
  ['candidates_created_at_idx', 'candidates', ['created_at']],
  ['candidates_stage_created_at_idx', 'candidates', ['stage', 'created_at']],
  ['candidates_typeform_created_at_idx', 'candidates', ['is_typeform_candidate', 'created_at']],
  ['companies_created_at_idx', 'companies', ['created_at']],
  ['companies_stage_created_at_idx', 'companies', ['stage', 'created_at']],
];

/** 152: 001's listing indexes go (decision 010): no query reads them, every INSERT updated them. */
const dropFirstListingIndexes: Migration = {
  async up(db: Kysely<unknown>) {
    for (const [name] of firstListingIndexes) await db.schema.dropIndex(name).execute();
  },
};

/** 002: each accepted form of a lead (lead-submissions.ts), found by its lead. */
function createLeadSubmissions(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('lead_submissions')
        .addColumn('id', 'integer', autoIncrementId(dialect))
        .addColumn('lead_table', 'text', (c) => c.notNull())
        .addColumn('lead_id', 'integer', (c) => c.notNull())
        .addColumn('form', 'text', (c) => c.notNull())
        .addColumn('source_page', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('lead_submissions_lead_idx')
        .on('lead_submissions')
        .columns(['lead_table', 'lead_id'])
        .execute();
    },
  };
}

/** 003: each submission keeps its fields and attribution: what a later form overwrote stays. */
const keepSubmittedValues: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('lead_submissions').addColumn('fields', 'text').execute();
    await db.schema.alterTable('lead_submissions').addColumn('attribution', 'text').execute();
  },
};

/** 005: the landing URL's fbclid on the lead, beside its other attribution (issue 12). */
const addClickId: Migration = {
  async up(db: Kysely<unknown>) {
    for (const table of ['candidates', 'companies']) {
      await db.schema.alterTable(table).addColumn('fbclid', 'text').execute();
    }
  },
};

export const leadRecordMigrations: MigrationSet = (dialect) => ({
  '001_create_lead_tables': createLeadTables(dialect),
  '002_lead_submissions': createLeadSubmissions(dialect),
  '003_lead_submission_values': keepSubmittedValues,
  '004_lead_quarantine': createLeadQuarantine(dialect),
  '005_lead_click_id': addClickId,
  '152_drop_first_listing_indexes': dropFirstListingIndexes,
});
