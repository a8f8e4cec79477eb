// The leads bench:admin seeds: the spec's kinds, spread over a year, every pipeline status, written
// straight into the SQLite file.
import SqliteDatabase from 'better-sqlite3';

const FIRST = [
  'James',
  'Mary',
  'John',
  'Patricia',
  'Robert',
  'Jennifer',
  'Michael',
  'Linda',
  'David',
  'Elizabeth',
  'William',
  'Barbara',
  'Richard',
  'Susan',
  'Joseph',
  'Jessica',
  'Thomas',
  'Sarah',
  'Carlos',
  'Maria',
  'Wei',
  'Aisha',
  'Omar',
  'Zoë',
];
const LAST = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Perez',
  'Thompson',
  'White',
  'Harris',
  'Sanchez',
  'Clark',
  'Ramirez',
  'Lewis',
  'Robinson',
];
const SOURCES = ['google', 'facebook', 'linkedin', 'newsletter', null];
// Every pipeline status holds leads, so each board column has pages (bench:admin).
const CANDIDATE_STATUSES = ['new', 'contacted', 'qualified', 'enrolled', 'placed', 'not_a_fit'];
const COMPANY_STATUSES = ['new', 'contacted', 'in_discussion', 'partner', 'not_a_fit'];
const DAY = 86_400_000;
// The search keys as the server writes them (derived-columns.ts): without case or accents.
const fold = (text) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

// Candidates: 60% regular, 15% questionnaire (typeform), 10% e-mail only; companies 15%.
function lead(index, total) {
  const start = Date.now() - 365 * DAY;
  const createdAt = new Date(start + Math.floor((index / total) * 365 * DAY)).toISOString();
  const bucket = index % 100;
  const first = FIRST[index % FIRST.length];
  const last = `${LAST[(index * 7) % LAST.length]}${index % 1000}`;
  const landing = index % 3 === 0 ? (index % 2 ? 'free_training' : 'high_salary') : null;
  const common = {
    created_at: createdAt,
    updated_at: createdAt,
    source_page: landing ? (landing === 'free_training' ? '/career' : '/training') : '/candidates',
    landing_variant: landing,
    utm_source: SOURCES[index % SOURCES.length],
    utm_campaign: landing ? `spring-${index % 4}` : null,
    // A third owned by the founding account (id 1), so the list's owner sort has two groups.
    assignee_id: index % 3 === 0 ? 1 : null,
  };
  if (bucket < 85) {
    const kind = bucket < 60 ? 'regular' : bucket < 75 ? 'questionnaire' : 'email';
    const phone = `+1 (${index % 2 ? 602 : 480}) 555-${String(index % 10000).padStart(4, '0')}`;
    const email = `${first.toLowerCase()}.${last.toLowerCase()}.${index}@example.com`;
    const named = kind !== 'email';
    return {
      table: 'candidates',
      row: {
        email,
        email_normalized: email,
        stage:
          kind === 'regular' ? 'application' : kind === 'questionnaire' ? 'questionnaire' : 'email',
        first_name: named ? first : null,
        last_name: named ? last : null,
        // Half in the 602 area: a phone search for it finds far more than the count's cap.
        phone: named ? phone : null,
        // The possible duplicates' keys the server derives (match-keys.ts): real lookups.
        phone_digits: named ? phone.replace(/\D/g, '') : null,
        name_location_key: kind === 'regular' ? `${first}|${last}|austin, tx`.toLowerCase() : null,
        email_match_key: email,
        search_name: fold(named ? `${first} ${last}` : ' '),
        search_last_name: named ? fold(last) : null,
        location: kind === 'regular' ? 'Austin, TX' : null,
        education_level: kind === 'regular' ? 'some-college' : null,
        tech_experience: kind === 'regular' ? 'basic' : null,
        reason: kind === 'regular' ? 'I want a stable career in a growing field.' : null,
        questionnaire_completed: kind === 'questionnaire' && index % 2 ? 1 : 0,
        is_questionnaire_candidate: kind === 'questionnaire' ? 1 : 0,
        status: CANDIDATE_STATUSES[Math.floor(index / 100) % CANDIDATE_STATUSES.length],
        ...common,
      },
    };
  }
  const email = `ops.${index}@company${index % 5000}.example`;
  const full = bucket < 98;
  const company = `${LAST[index % LAST.length]} Compute ${index % 5000}`;
  return {
    table: 'companies',
    row: {
      email,
      email_normalized: email,
      stage: full ? 'request' : 'email',
      company_name: full ? company : null,
      contact_name: full ? `${first} ${last}` : null,
      search_company: full ? fold(company) : null,
      search_contact: full ? fold(`${first} ${last}`) : null,
      title: full ? 'Head of Operations' : null,
      company_size: full ? 'midsize' : null,
      talent_needs: full ? 'Ten technicians for a new hall.' : null,
      timeline: full ? 'soon' : null,
      comments: null,
      status: COMPANY_STATUSES[Math.floor(index / 100) % COMPANY_STATUSES.length],
      ...common,
    },
  };
}

/** Writes `total` leads straight into the SQLite file (migrated by a first server start). */
export function seedSqlite(file, log, total) {
  const db = new SqliteDatabase(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF'); // seeding only: the server reopens with its own settings
  db.pragma('cache_size = -262144');
  const statements = {};
  const insert = (table, row) => {
    statements[table] ??= db.prepare(
      `insert into ${table} (${Object.keys(row).join(', ')}) values (${Object.keys(row)
        .map((k) => `@${k}`)
        .join(', ')})`,
    );
    statements[table].run(row);
  };
  // A million rows load several times faster into tables without their secondary indexes.
  const indexes = db
    .prepare(
      `select name, sql from sqlite_master where type = 'index' and sql is not null
        and tbl_name in ('candidates', 'companies')`,
    )
    .all();
  for (const { name } of indexes) db.exec(`drop index "${name}"`);
  const batch = db.transaction((from, to) => {
    for (let i = from; i < to; i++) {
      const { table, row } = lead(i, total);
      insert(table, row);
    }
  });
  for (let from = 0; from < total; from += 50_000) {
    batch(from, Math.min(total, from + 50_000));
    if ((from / 50_000) % 5 === 4) log(`seeded ${Math.min(total, from + 50_000)} leads`);
  }
  log(`indexing ${indexes.length} indexes of the lead tables`);
  for (const { sql } of indexes) db.exec(sql);
  db.exec('pragma analysis_limit = 2000; analyze');
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
}
