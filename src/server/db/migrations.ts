import {
  Migrator,
  type ColumnDefinitionBuilder,
  type CreateTableBuilder,
  type Kysely,
  type Migration,
} from 'kysely';
import { adminMigrations } from './admin-migrations';

export type DialectName = 'sqlite' | 'postgres';

/*
 * One set of migrations for both databases. They live in code (not in files read at run
 * time) so the esbuild bundle of the server carries them. Each migration may only use
 * portable column types: text and integer. The one thing that differs is how an integer
 * primary key gets its values, so migrations receive the dialect name.
 * Never edit a migration once merged: add a new one.
 */

type Table = CreateTableBuilder<string, string>;

const autoIncrementId =
  (dialect: DialectName) =>
  (column: ColumnDefinitionBuilder): ColumnDefinitionBuilder =>
    dialect === 'sqlite'
      ? // AUTOINCREMENT: ids of deleted leads are never handed out again.
        column.primaryKey().autoIncrement()
      : column.primaryKey().generatedByDefaultAsIdentity();

/** Columns every lead table has: identity, e-mail, attribution, timestamps. */
function leadColumns(table: Table, dialect: DialectName): Table {
  return table
    .addColumn('id', 'integer', autoIncrementId(dialect))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('email_normalized', 'text', (c) => c.notNull().unique())
    .addColumn('stage', 'text', (c) => c.notNull())
    .addColumn('source_page', 'text')
    .addColumn('landing_variant', 'text')
    .addColumn('utm_source', 'text')
    .addColumn('utm_medium', 'text')
    .addColumn('utm_campaign', 'text')
    .addColumn('utm_term', 'text')
    .addColumn('utm_content', 'text')
    .addColumn('referrer', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull());
}

const textColumns = (table: Table, names: string[]): Table =>
  names.reduce((builder, name) => builder.addColumn(name, 'text'), table);

function createLeadTables(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      let candidates = leadColumns(db.schema.createTable('candidates'), dialect);
      candidates = textColumns(candidates, [
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
      ])
        .addColumn('typeform_completed', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_typeform_candidate', 'integer', (c) => c.notNull().defaultTo(0));
      await candidates.execute();

      const companies = textColumns(leadColumns(db.schema.createTable('companies'), dialect), [
        'company_name',
        'contact_name',
        'title',
        'company_size',
        'talent_needs',
        'timeline',
        'comments',
      ]);
      await companies.execute();

      // The admin dashboard lists up to a million leads newest first, per tab (stage or
      // questionnaire flag); these indexes keep those listings and their pages cheap.
      const indexes: [string, string, string[]][] = [
        ['candidates_created_at_idx', 'candidates', ['created_at']],
        ['candidates_stage_created_at_idx', 'candidates', ['stage', 'created_at']],
        [
          'candidates_typeform_created_at_idx',
          'candidates',
          ['is_typeform_candidate', 'created_at'],
        ],
        ['companies_created_at_idx', 'companies', ['created_at']],
        ['companies_stage_created_at_idx', 'companies', ['stage', 'created_at']],
      ];
      for (const [name, table, columns] of indexes) {
        await db.schema.createIndex(name).on(table).columns(columns).execute();
      }
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('companies').execute();
      await db.schema.dropTable('candidates').execute();
    },
  };
}

/** Every migration, by name; names sort in the order they must run. */
export function leadMigrations(dialect: DialectName): Record<string, Migration> {
  return {
    '001_create_lead_tables': createLeadTables(dialect),
    ...adminMigrations(dialect),
  };
}

/** Brings the schema up to date; throws (and the server refuses to start) if that fails. */
export async function migrateToLatest<DB>(db: Kysely<DB>, dialect: DialectName): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => leadMigrations(dialect) },
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const cause = error instanceof Error ? error : new Error(String(error ?? 'unknown'));
    const which = failed ? ` ${failed.migrationName}` : '';
    throw new Error(`Database migration${which} failed: ${cause.message}`, { cause });
  }
}
