import { sql, type CreateTableBuilder, type Kysely, type Migration } from 'kysely';
import {
  addColumns,
  autoIncrementId,
  createIndex,
} from '../../../platform/database/migration-columns';
import type { DialectName, MigrationSet } from '../../../platform/database/migration-runner';

type Table = CreateTableBuilder<string, string>;

const bothTables = ['candidates', 'companies'];

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
const createLeadTables = (dialect: DialectName): Migration => ({
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

    for (const [name, table, columns] of firstListingIndexes) {
      await db.schema.createIndex(name).on(table).columns(columns).execute();
    }
  },
});

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

/** A table of rows about a lead (`columns` after its own), found by its lead. */
const leadRowsTable =
  (name: string, columns: (table: Table) => Table) =>
  (dialect: DialectName): Migration => ({
    async up(db: Kysely<unknown>) {
      const table = db.schema
        .createTable(name)
        .addColumn('id', 'integer', autoIncrementId(dialect))
        .addColumn('lead_table', 'text', (c) => c.notNull())
        .addColumn('lead_id', 'integer', (c) => c.notNull());
      await columns(table).execute();
      await createIndex(db, name, 'lead', ['lead_table', 'lead_id']);
    },
  });

/** 002: each accepted form of a lead (lead-submissions.ts). */
const createLeadSubmissions = leadRowsTable('lead_submissions', (table) =>
  table
    .addColumn('form', 'text', (c) => c.notNull())
    .addColumn('source_page', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull()),
);

/** 004: the quarantine, newest first for the admin, and the spam keys. */
const createLeadQuarantine = (dialect: DialectName): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('lead_quarantine')
      .addColumn('id', 'integer', autoIncrementId(dialect))
      .addColumn('lead_table', 'text', (c) => c.notNull())
      .addColumn('form', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('step', 'text', (c) => c.notNull())
      .addColumn('reasons', 'text', (c) => c.notNull())
      .addColumn('user_agent', 'text')
      .addColumn('received_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('spam_keys')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .execute();
  },
});

/** 041: the admin's activity on each lead. */
const createLeadActivity = leadRowsTable('lead_activity', (table) =>
  table
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('text', 'text')
    .addColumn('from_status', 'text')
    .addColumn('to_status', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull()),
);

/** 160: who may change a lead (decision 176): the proof's columns on leads and submissions. */
const leadProof: Migration = {
  async up(db: Kysely<unknown>) {
    for (const table of bothTables) {
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
};

/** 166: the dropped forms' daily counts. */
const quarantineDropped: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('lead_quarantine_dropped')
      .addColumn('day', 'text', (c) => c.primaryKey())
      .addColumn('forms', 'integer', (c) => c.notNull())
      .execute();
  },
};

/** 300: a lead's secondary contacts, one row per key, and their prefix-search index. */
const createLeadContacts = (dialect: DialectName): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('lead_contacts')
      .addColumn('id', 'integer', autoIncrementId(dialect))
      .addColumn('lead_table', 'text', (c) => c.notNull())
      .addColumn('lead_id', 'integer', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('search_key', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('lead_contacts_lead_idx')
      .on('lead_contacts')
      .columns(['lead_table', 'lead_id', 'search_key'])
      .unique()
      .execute();
    const key = dialect === 'postgres' ? sql`search_key collate "C"` : sql`search_key`;
    await sql`create index lead_contacts_search_idx
      on lead_contacts (${key}, lead_table, lead_id)`.execute(db);
  },
});

/** The lead records' own tables and columns (the admin's listing and match keys have theirs). */
export const leadRecordMigrations: MigrationSet = (dialect) => ({
  '001_create_lead_tables': createLeadTables(dialect),
  '002_lead_submissions': createLeadSubmissions(dialect),
  '003_lead_submission_values': addColumns(['lead_submissions'], ['fields', 'attribution']),
  '004_lead_quarantine': createLeadQuarantine(dialect),
  '005_lead_click_id': addColumns(bothTables, ['fbclid']),
  '041_lead_activity': createLeadActivity(dialect),
  '110_lead_submission_consent': addColumns(['lead_submissions'], ['consent']),
  '152_drop_first_listing_indexes': dropFirstListingIndexes,
  '157_reminders_stopped': addColumns(bothTables, ['reminders_stopped_at']),
  '160_lead_proof': leadProof,
  '166_lead_quarantine_dropped': quarantineDropped,
  '300_lead_contacts': createLeadContacts(dialect),
  '360_company_phone': addColumns(['companies'], ['phone']),
  '390_lead_activity_account': addColumns(['lead_activity'], ['account_id'], 'integer'),
  '400_lead_activity_assignee': addColumns(['lead_activity'], ['assignee_id'], 'integer'),
});
