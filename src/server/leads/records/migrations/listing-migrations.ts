import { sql, type Kysely, type Migration, type RawBuilder } from 'kysely';
import type { DialectName, MigrationSet } from '../../../platform/database/migration-runner';

/* The admin's columns and indexes on the lead tables (listing-tables.ts). */

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

/** A generated text column: VIRTUAL on SQLite, STORED on PostgreSQL. */
const generatedText = (dialect: DialectName, expression: RawBuilder<unknown>) =>
  dialect === 'sqlite'
    ? sql`text generated always as (${expression}) virtual`
    : sql`text generated always as (${expression}) stored`;

export async function createIndexes(
  db: Kysely<unknown>,
  indexes: IndexDefinition[],
): Promise<void> {
  for (const [name, table, expression] of indexes) {
    await sql`create index ${sql.id(name)} on ${sql.id(table)} (${expression})`.execute(db);
  }
}

/**
 * 021, the listings at a million leads (decision 024): the generated `lead_type` makes each tab one
 * (lead_type, created_at, id) index range; PostgreSQL's "C" indexes make a prefix a byte range.
 */
const createLeadQueryIndexes = (dialect: DialectName): Migration => ({
  async up(db: Kysely<unknown>) {
    const leadType = (table: string, expression: RawBuilder<unknown>) =>
      db.schema
        .alterTable(table)
        .addColumn('lead_type', generatedText(dialect, expression))
        .execute();
    await leadType(
      'candidates',
      sql`case when is_typeform_candidate = 1 then 'typeform' when first_name is not null and last_name is not null then 'regular' else 'email' end`,
    );
    await leadType(
      'companies',
      sql`case when company_name is null and contact_name is null then 'email' else 'full' end`,
    );
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
});

/** 022's covering indexes of the search keys; 155 rebuilds the candidates' ones, 370 the names'. */
export function searchKeyIndexes(dialect: DialectName): IndexDefinition[] {
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

/** 022: search keys as generated columns in covering (lead_type, key, created_at, id) indexes, so
    counting and paging matches read the index only; 021's expression indexes go. */
const createSearchKeyColumns = (dialect: DialectName): Migration => ({
  async up(db: Kysely<unknown>) {
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
    for (const [name] of prefixSearchIndexes(dialect)) await db.schema.dropIndex(name).execute();
    for (const [table, name, expression] of columns) {
      await db.schema.alterTable(table).addColumn(name, keyColumn(expression)).execute();
    }
    await createIndexes(db, searchKeyIndexes(dialect));
  },
});

/** The pipeline's status (decision 065), a default for lead writes; one index range a filter. */
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

/** 155: 'typeform' becomes 'questionnaire': SQLite rebuilds the generated column and indexes. */
const nameTheQuestionnaire = (dialect: DialectName): Migration => ({
  async up(db: Kysely<unknown>) {
    // Every index of candidates that holds lead_type (021, 022 and 040).
    const leadTypeIndexes: IndexDefinition[] = [
      ['candidates_lead_type_idx', 'candidates', sql`lead_type, created_at, id`],
      ...searchKeyIndexes(dialect).filter(([, table]) => table === 'candidates'),
      ['candidates_status_idx', 'candidates', sql`lead_type, status, created_at, id`],
    ];
    const leadType = sql`case when is_questionnaire_candidate = 1 then 'questionnaire' when first_name is not null and last_name is not null then 'regular' else 'email' end`;
    for (const [name] of leadTypeIndexes) await db.schema.dropIndex(name).execute();
    const candidates = () => db.schema.alterTable('candidates');
    await candidates().dropColumn('lead_type').execute();
    await candidates().renameColumn('typeform_completed', 'questionnaire_completed').execute();
    await candidates()
      .renameColumn('is_typeform_candidate', 'is_questionnaire_candidate')
      .execute();
    await candidates().addColumn('lead_type', generatedText(dialect, leadType)).execute();
    await createIndexes(db, leadTypeIndexes);
  },
});

/** 154 drops 146's table: the figures are no longer cached. */
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

/** The companies' name sort (310), on 370's folded company names. */
export const companyNameSortIndex: IndexDefinition = [
  'companies_name_sort_idx',
  'companies',
  sql`lead_type, coalesce(search_company, ''), created_at, id`,
];

/**
 * 310: the list's sorts (lead-sort.ts) at a million leads, each one index range after the tab's
 * type. Last activity is the later of a form's write (updated_at) and the team's (worked_at).
 */
const listSortIndexes = (dialect: DialectName): Migration => ({
  async up(db: Kysely<unknown>) {
    const later =
      dialect === 'sqlite'
        ? sql`text generated always as (max(updated_at, coalesce(worked_at, ''))) virtual`
        : sql`text generated always as (greatest(updated_at, worked_at)) stored`;
    for (const table of ['candidates', 'companies']) {
      await db.schema.alterTable(table).addColumn('worked_at', 'text').execute();
      await sql`update ${sql.id(table)} set worked_at = (select max(a.created_at)
        from lead_activity a where a.lead_table = ${table} and a.lead_id = ${sql.id(table)}.id)`.execute(
        db,
      );
      await db.schema.alterTable(table).addColumn('activity_at', later).execute();
    }
    await createIndexes(
      db,
      ['candidates', 'companies'].flatMap((table): IndexDefinition[] => [
        [`${table}_activity_idx`, table, sql`lead_type, activity_at, id`],
        [
          `${table}_owner_sort_idx`,
          table,
          sql`lead_type, coalesce(assignee_id, 0), created_at, id`,
        ],
        [
          `${table}_source_sort_idx`,
          table,
          sql`lead_type, coalesce(source_page, ''), created_at, id`,
        ],
      ]),
    );
    await createIndexes(db, [companyNameSortIndex]);
    // A phone search is a prefix of the digits in a tab, as the other keys (searchKeyIndexes).
    const digits = dialect === 'postgres' ? sql`phone_digits collate "C"` : sql`phone_digits`;
    await sql`create index candidates_phone_key_idx on candidates
      (lead_type, ${digits}, created_at, id) where phone_digits is not null`.execute(db);
  },
});

export const adminListingMigrations: MigrationSet = (dialect) => ({
  '021_admin_lead_queries': createLeadQueryIndexes(dialect),
  '022_admin_search_keys': createSearchKeyColumns(dialect),
  '040_lead_status': createLeadStatus,
  '155_questionnaire_names': nameTheQuestionnaire(dialect),
  '310_list_sorts': listSortIndexes(dialect),
  ...(dialect === 'postgres'
    ? {
        '146_admin_figures_generation': figuresGeneration(true),
        '154_drop_admin_figures_generation': figuresGeneration(false),
      }
    : {}),
});
