import { sql, type Kysely, type Migration, type RawBuilder } from 'kysely';
import type { DialectName, MigrationSet } from '../../../platform/database/migration-runner';

/*
 * The admin's columns and indexes on the lead tables (listing-tables.ts). Same rules as every
 * migration: portable types only, never edited once merged.
 */

type IndexDefinition = [name: string, table: string, expression: RawBuilder<unknown>];

/** Prefix-search indexes of 021, on lower-cased expressions; 022 replaces them. */
function prefixSearchIndexes(dialect: DialectName): IndexDefinition[] {
  const searchKey = (expression: RawBuilder<unknown>) =>
    dialect === 'postgres' ? sql`${expression} collate "C"` : expression;
  const indexes: IndexDefinition[] = [
    [
      'candidates_full_name_search_idx',
      'candidates',
      searchKey(sql`lower(coalesce(first_name, '') || ' ' || coalesce(last_name, ''))`),
    ],
    ['candidates_last_name_search_idx', 'candidates', searchKey(sql`lower(last_name)`)],
    ['companies_company_search_idx', 'companies', searchKey(sql`lower(company_name)`)],
    ['companies_contact_search_idx', 'companies', searchKey(sql`lower(contact_name)`)],
  ];
  // SQLite's unique index on email_normalized already orders bytes; PostgreSQL's follows
  // the database's collation, so prefix search needs a "C" twin there.
  if (dialect === 'postgres') {
    indexes.push(
      ['candidates_email_search_idx', 'candidates', searchKey(sql`email_normalized`)],
      ['companies_email_search_idx', 'companies', searchKey(sql`email_normalized`)],
    );
  }
  return indexes;
}

async function createIndexes(db: Kysely<unknown>, indexes: IndexDefinition[]): Promise<void> {
  for (const [name, table, expression] of indexes) {
    await sql`create index ${sql.id(name)} on ${sql.id(table)} (${expression})`.execute(db);
  }
}

/**
 * What the dashboard's listings need at a million leads (docs/decisions/024):
 * - `lead_type`, a generated column holding the spec's classification (section 4), so each
 *   tab is one index range: candidates 'typeform' (155: 'questionnaire') | 'regular' | 'email', companies
 *   'full' | 'email'. SQLite can only add VIRTUAL generated columns; PostgreSQL's are STORED.
 * - (lead_type, created_at, id) indexes: a tab's page, newest first, and its count.
 * - Prefix-search indexes on lower-cased names, company and e-mail. PostgreSQL's use the "C"
 *   collation, where a prefix is exactly a byte range whatever the database's locale.
 */
function createLeadQueryIndexes(dialect: DialectName): Migration {
  const generated = (expression: RawBuilder<unknown>) =>
    dialect === 'sqlite'
      ? sql`text generated always as (${expression}) virtual`
      : sql`text generated always as (${expression}) stored`;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('candidates')
        .addColumn(
          'lead_type',
          sql`${generated(
            sql`case when is_typeform_candidate = 1 then 'typeform' when first_name is not null and last_name is not null then 'regular' else 'email' end`,
          )}`,
        )
        .execute();
      await db.schema
        .alterTable('companies')
        .addColumn(
          'lead_type',
          sql`${generated(
            sql`case when company_name is null and contact_name is null then 'email' else 'full' end`,
          )}`,
        )
        .execute();

      await createIndexes(db, [
        ['candidates_lead_type_idx', 'candidates', sql`lead_type, created_at, id`],
        ['companies_lead_type_idx', 'companies', sql`lead_type, created_at, id`],
        ['candidates_created_id_idx', 'candidates', sql`created_at, id`],
        ['companies_created_id_idx', 'companies', sql`created_at, id`],
        ...prefixSearchIndexes(dialect),
        // Overview: e-mail leads per landing variant and UTM source, and how many applied.
        ['candidates_landing_idx', 'candidates', sql`landing_variant, utm_source, stage`],
      ]);
    },
  };
}

/** 022's covering indexes of the search keys; 155 rebuilds the candidates' ones. */
function searchKeyIndexes(dialect: DialectName): IndexDefinition[] {
  // email_normalized is lower-cased already; PostgreSQL needs its "C" order in the index.
  const email = dialect === 'postgres' ? sql`email_normalized collate "C"` : sql`email_normalized`;
  return [
    ['candidates_name_key_idx', 'candidates', sql`lead_type, search_name, created_at, id`],
    [
      'candidates_last_name_key_idx',
      'candidates',
      sql`lead_type, search_last_name, created_at, id`,
    ],
    ['candidates_email_key_idx', 'candidates', sql`lead_type, ${email}, created_at, id`],
    ['companies_company_key_idx', 'companies', sql`lead_type, search_company, created_at, id`],
    ['companies_contact_key_idx', 'companies', sql`lead_type, search_contact, created_at, id`],
    ['companies_email_key_idx', 'companies', sql`lead_type, ${email}, created_at, id`],
  ];
}

/**
 * Search keys as generated columns, in covering indexes:
 * (lead_type, key, created_at, id) answers a tab's prefix range and gives each match's date
 * without reading the row, so counting matches and picking the newest ones read the index
 * only. The expression indexes of 021 go (the new ones replace them). SQLite's columns are
 * VIRTUAL (computed when read; only the index stores them); PostgreSQL's are STORED in the
 * "C" collation, so its index-only scans apply and a prefix is a byte range.
 */
function createSearchKeyColumns(dialect: DialectName): Migration {
  const keyColumn = (expression: RawBuilder<unknown>) =>
    dialect === 'sqlite'
      ? sql`text generated always as (${expression}) virtual`
      : sql`text collate "C" generated always as (${expression}) stored`;
  const columns: [string, string, RawBuilder<unknown>][] = [
    [
      'candidates',
      'search_name',
      sql`lower(coalesce(first_name, '') || ' ' || coalesce(last_name, ''))`,
    ],
    ['candidates', 'search_last_name', sql`lower(last_name)`],
    ['companies', 'search_company', sql`lower(company_name)`],
    ['companies', 'search_contact', sql`lower(contact_name)`],
  ];
  const indexes = searchKeyIndexes(dialect);
  // 021's prefix indexes, which these replace.
  const replaced = prefixSearchIndexes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      for (const [name] of replaced) await db.schema.dropIndex(name).execute();
      for (const [table, name, expression] of columns) {
        await db.schema
          .alterTable(table)
          .addColumn(name, sql`${keyColumn(expression)}`)
          .execute();
      }
      await createIndexes(db, indexes);
    },
  };
}

/**
 * The pipeline's status of each lead (src/shared/lead-status.ts), 'new' until the admin
 * changes it (docs/decisions/065). A plain column with a default, so the lead writes need no
 * change and adding it rewrites no table. (lead_type, status, created_at, id) makes a tab's
 * status filter one index range, newest first, like the tab itself.
 */
const createLeadStatus: Migration = {
  async up(db: Kysely<unknown>) {
    for (const table of ['candidates', 'companies']) {
      await db.schema
        .alterTable(table)
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('new'))
        .execute();
    }
    await createIndexes(db, [
      ['candidates_status_idx', 'candidates', sql`lead_type, status, created_at, id`],
      ['companies_status_idx', 'companies', sql`lead_type, status, created_at, id`],
    ]);
  },
};

/**
 * 155: the questionnaire flags take the questionnaire's name, and `lead_type` says
 * 'questionnaire' instead of 'typeform' (the spec's name stays at the API boundary). The
 * generated column is rebuilt with its indexes: SQLite cannot change a generated column's
 * expression, and it can only add a VIRTUAL one.
 */
function nameTheQuestionnaire(dialect: DialectName): Migration {
  // Every index of candidates that holds lead_type (021, 022 and 040).
  const leadTypeIndexes: IndexDefinition[] = [
    ['candidates_lead_type_idx', 'candidates', sql`lead_type, created_at, id`],
    ...searchKeyIndexes(dialect).filter(([, table]) => table === 'candidates'),
    ['candidates_status_idx', 'candidates', sql`lead_type, status, created_at, id`],
  ];
  const leadType = sql`case when is_questionnaire_candidate = 1 then 'questionnaire' when first_name is not null and last_name is not null then 'regular' else 'email' end`;
  return {
    async up(db: Kysely<unknown>) {
      for (const [name] of leadTypeIndexes) await db.schema.dropIndex(name).execute();
      const candidates = () => db.schema.alterTable('candidates');
      await candidates().dropColumn('lead_type').execute();
      await candidates().renameColumn('typeform_completed', 'questionnaire_completed').execute();
      await candidates()
        .renameColumn('is_typeform_candidate', 'is_questionnaire_candidate')
        .execute();
      await candidates()
        .addColumn(
          'lead_type',
          dialect === 'sqlite'
            ? sql`text generated always as (${leadType}) virtual`
            : sql`text generated always as (${leadType}) stored`,
        )
        .execute();
      await createIndexes(db, leadTypeIndexes);
    },
  };
}

/**
 * 146 shared the cached figures' generation between PostgreSQL instances; the
 * figures are no longer cached, so 154 drops the table again.
 */
const figuresGeneration = (create: boolean): Migration => ({
  async up(db: Kysely<unknown>) {
    if (!create) await db.schema.dropTable('admin_figures_generation').ifExists().execute();
    else {
      await db.schema
        .createTable('admin_figures_generation')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('generation', 'integer', (c) => c.notNull())
        .execute();
    }
  },
});

export const adminListingMigrations: MigrationSet = (dialect) => ({
  '021_admin_lead_queries': createLeadQueryIndexes(dialect),
  '022_admin_search_keys': createSearchKeyColumns(dialect),
  '040_lead_status': createLeadStatus,
  '155_questionnaire_names': nameTheQuestionnaire(dialect),
  ...(dialect === 'postgres'
    ? {
        '146_admin_figures_generation': figuresGeneration(true),
        '154_drop_admin_figures_generation': figuresGeneration(false),
      }
    : {}),
});
