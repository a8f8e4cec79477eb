import { sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { DialectName } from './migrations';
import type {
  CandidateLeadType,
  CandidateRow,
  CompanyLeadType,
  CompanyRow,
  Database,
} from './schema';
import type { OverviewFigures } from '../../shared/admin-overview';

/*
 * The read side of the admin dashboard: paged, searchable listings, keyset iteration for the
 * exports, deletes and the overview figures. Every listing is newest first, (created_at, id)
 * descending, which the (lead_type, created_at, id) indexes serve directly
 * (docs/decisions/024-admin-search-and-paging.md).
 */

export type CandidateListRow = Omit<CandidateRow, 'lead_type'> & { lead_type: CandidateLeadType };
export type CompanyListRow = Omit<CompanyRow, 'lead_type'> & { lead_type: CompanyLeadType };

export interface LeadEmailRow {
  kind: 'candidate' | 'company';
  id: number;
  email: string;
  source_page: string | null;
  landing_variant: string | null;
  utm_source: string | null;
  utm_campaign: string | null;
  created_at: string;
}

/** Where the next page starts: the (created_at, id) of the last row of the previous one. */
export interface Cursor {
  createdAt: string;
  id: number;
}

export interface ListQuery<Type extends string> {
  type?: Type | undefined;
  /** Prefix of a name, the company or the e-mail, any case. */
  q?: string | undefined;
  limit: number;
  offset?: number | undefined;
  cursor?: Cursor | undefined;
}

export interface Page<Row> {
  rows: Row[];
  /** Exact without a search; with one, at most SEARCH_COUNT_CAP (then `capped`). */
  total: number;
  capped: boolean;
}

/** A search counts its matches up to here: beyond, the dashboard shows '1,000+'. */
export const SEARCH_COUNT_CAP = 1_000;

/**
 * A tab's exact count (no search) is reused for this long: counting 600,000 index entries
 * costs ~100 ms on SQLite, and the dashboard asks for it with every page and refresh.
 */
export const TAB_COUNT_TTL_MS = 10_000;

/**
 * Below this many matches, a search reads the matching rows through the prefix indexes and
 * sorts them; above, walking the tab's date index finds the newest matches sooner.
 */
const FEW_MATCHES = SEARCH_COUNT_CAP;

type LeadTable = 'candidates' | 'companies';

/** The indexed search keys of each table (see 021_admin_lead_queries). */
const searchKeys: Record<LeadTable, RawBuilder<string>[]> = {
  candidates: [
    sql`lower(coalesce(first_name, '') || ' ' || coalesce(last_name, ''))`,
    sql`lower(last_name)`,
    sql`email_normalized`,
  ],
  companies: [sql`lower(company_name)`, sql`lower(contact_name)`, sql`email_normalized`],
};

/** Above every other code point: `prefix + MAX` bounds all strings that start with `prefix`. */
const MAX_CODE_POINT = String.fromCodePoint(0x10ffff);

/** Collapses spaces, so 'Ada   Lovelace ' finds 'Ada Lovelace'. Empty means no search. */
export const normalizeSearch = (q: string | undefined): string =>
  (q ?? '').trim().replace(/\s+/g, ' ').slice(0, 200);

/**
 * `key` starts with `q`, case-insensitively, as an index range: lower(q) <= key < lower(q)+MAX.
 * The database lower-cases both sides, so they agree whatever its lower() does with accents.
 * PostgreSQL compares in the "C" collation (byte order) to match its search indexes.
 */
/**
 * Which index a search should use: the prefix indexes ('search', few matches), the tab's date
 * index ('date', many matches), or whatever the planner picks (undefined).
 */
type Plan = 'search' | 'date' | undefined;

function prefixMatch(
  dialect: DialectName,
  keys: RawBuilder<string>[],
  q: string,
  plan: Plan,
): Expression<SqlBool> {
  // On SQLite a unary + makes a term unusable for an index: a dense search then walks the
  // tab's date index (50 matches come quickly) instead of sorting every match.
  const collated = (key: RawBuilder<string>) =>
    dialect === 'postgres' ? sql`${key} collate "C"` : plan === 'date' ? sql`+${key}` : key;
  const ranges = keys.map(
    (key) =>
      sql`(${collated(key)} >= lower(${q}) and ${collated(key)} < lower(${q + MAX_CODE_POINT}))`,
  );
  return sql<SqlBool>`(${sql.join(ranges, sql` or `)})`;
}

export class AdminQueries {
  private readonly tabCounts = new Map<string, { total: number; at: number }>();
  private overviewCache: { figures: Promise<OverviewFigures>; at: number } | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
  ) {}

  /** Filters shared by a listing, its count and its export. */
  /**
   * `plan` steers SQLite (a unary + makes a term unusable for an index): 'search' keeps it
   * off the lead_type index, 'date' off the prefix indexes. PostgreSQL plans by itself.
   */
  private filtered(table: LeadTable, type: string | undefined, q: string, plan: Plan = undefined) {
    let query = this.db.selectFrom(table);
    if (type) {
      query =
        plan === 'search' && this.dialect === 'sqlite'
          ? query.where(sql`+lead_type`, '=', type)
          : query.where('lead_type', '=', type as never);
    }
    if (q) {
      query = query.where(prefixMatch(this.dialect, searchKeys[table], q, plan));
    }
    return query;
  }

  private async page<Row>(table: LeadTable, query: ListQuery<string>): Promise<Page<Row>> {
    const q = normalizeSearch(query.q);
    const { total, capped } = await this.countOf(table, query.type, q);
    const plan: Plan = q === '' ? undefined : total <= FEW_MATCHES ? 'search' : 'date';
    const rows = await this.rowsAfter<Row>(
      table,
      query,
      query.limit,
      query.cursor,
      query.offset,
      plan,
    );
    return { rows, total, capped };
  }

  listCandidates(query: ListQuery<CandidateLeadType>): Promise<Page<CandidateListRow>> {
    return this.page('candidates', query);
  }

  listCompanies(query: ListQuery<CompanyLeadType>): Promise<Page<CompanyListRow>> {
    return this.page('companies', query);
  }

  private leadEmailBranch(table: LeadTable, q: string, take: number) {
    return this.filtered(table, 'email', q)
      .select([
        sql<'candidate' | 'company'>`${table === 'candidates' ? 'candidate' : 'company'}`.as(
          'kind',
        ),
        'id',
        'email',
        'source_page',
        'landing_variant',
        'utm_source',
        'utm_campaign',
        'created_at',
      ])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(take);
  }

  /**
   * E-mail-only leads of both tables, newest first. Each side contributes at most
   * offset + limit rows (an index range each), which are merged and cut.
   */
  async listLeadEmails(
    query: Omit<ListQuery<never>, 'type' | 'cursor'>,
  ): Promise<Page<LeadEmailRow>> {
    const q = normalizeSearch(query.q);
    const offset = query.offset ?? 0;
    const take = offset + query.limit;
    const branch = (table: LeadTable) =>
      this.db.selectFrom(this.leadEmailBranch(table, q, take).as(table)).selectAll();
    const [rows, candidates, companies] = await Promise.all([
      branch('candidates')
        .unionAll(branch('companies'))
        .orderBy('created_at', 'desc')
        .orderBy('kind')
        .orderBy('id', 'desc')
        .limit(query.limit)
        .offset(offset)
        .execute(),
      this.countOf('candidates', 'email', q),
      this.countOf('companies', 'email', q),
    ]);
    const sum = candidates.total + companies.total;
    const capped = q !== '' && (candidates.capped || companies.capped || sum > SEARCH_COUNT_CAP);
    return {
      rows: rows as LeadEmailRow[],
      total: capped ? Math.min(sum, SEARCH_COUNT_CAP) : sum,
      capped,
    };
  }

  /** Exact count of a tab; a search's matches are counted up to SEARCH_COUNT_CAP. */
  private async countOf(
    table: LeadTable,
    type: string | undefined,
    q: string,
  ): Promise<{ total: number; capped: boolean }> {
    if (!q) {
      const key = `${table}:${type ?? ''}`;
      const cached = this.tabCounts.get(key);
      if (cached && Date.now() - cached.at < TAB_COUNT_TTL_MS) {
        return { total: cached.total, capped: false };
      }
      const row = await this.filtered(table, type, q)
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow();
      this.tabCounts.set(key, { total: Number(row.n), at: Date.now() });
      return { total: Number(row.n), capped: false };
    }
    const matches = this.filtered(table, type, q, 'search')
      .select(sql<number>`1`.as('one'))
      .limit(SEARCH_COUNT_CAP + 1)
      .as('matches');
    const row = await this.db
      .selectFrom(matches)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    const total = Number(row.n);
    return total > SEARCH_COUNT_CAP
      ? { total: SEARCH_COUNT_CAP, capped: true }
      : { total, capped: false };
  }

  /**
   * SQLite plans with the statistics ANALYZE gathers; without them a search is answered by
   * scanning a whole tab. PRAGMA optimize refreshes them where they are missing or stale and
   * is cheap when nothing changed (PostgreSQL's autovacuum does this by itself).
   */
  async refreshStatistics(): Promise<void> {
    if (this.dialect !== 'sqlite') return;
    await sql`pragma analysis_limit = 2000`.execute(this.db);
    await sql`pragma optimize = 0x10002`.execute(this.db);
  }

  /**
   * Every row of a listing, newest first, fetched in keyset pages of `pageSize`: memory stays
   * constant whatever the total, and the connection is free between pages (SQLite has one).
   */
  async *iterate<Row extends { created_at: string; id: number }>(
    table: LeadTable,
    filter: { type?: string | undefined; q?: string | undefined },
    pageSize = 2000,
  ): AsyncGenerator<Row> {
    let cursor: Cursor | undefined;
    for (;;) {
      const rows = await this.rowsAfter<Row>(table, filter, pageSize, cursor);
      yield* rows;
      const last = rows[rows.length - 1];
      if (!last || rows.length < pageSize) return;
      cursor = { createdAt: last.created_at, id: last.id };
    }
  }

  /** One page, newest first: after `cursor` when given (keyset), else after `offset` rows. */
  private async rowsAfter<Row>(
    table: LeadTable,
    filter: { type?: string | undefined; q?: string | undefined },
    limit: number,
    cursor: Cursor | undefined,
    offset = 0,
    plan: Plan = undefined,
  ): Promise<Row[]> {
    let rows = this.filtered(table, filter.type, normalizeSearch(filter.q), plan).selectAll();
    if (cursor) {
      rows = rows.where((eb) =>
        eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(cursor.createdAt, cursor.id)),
      );
    }
    const found = await rows
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(cursor ? 0 : offset)
      .execute();
    return found as Row[];
  }

  async findCandidate(id: number): Promise<CandidateListRow | undefined> {
    const row = await this.db
      .selectFrom('candidates')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row as CandidateListRow | undefined;
  }

  /** True when a row was deleted. */
  async deleteLead(table: LeadTable, id: number): Promise<boolean> {
    const result = await this.db.deleteFrom(table).where('id', '=', id).executeTakeFirst();
    this.tabCounts.clear();
    this.overviewCache = undefined;
    return Number(result.numDeletedRows) > 0;
  }

  /**
   * The Overview tab's figures read whole tables (a second or more at a million leads): they
   * are shared for TAB_COUNT_TTL_MS by every dashboard polling this instance.
   */
  overview(): Promise<OverviewFigures> {
    const now = Date.now();
    if (!this.overviewCache || now - this.overviewCache.at >= TAB_COUNT_TTL_MS) {
      const figures = this.computeOverview(new Date(now));
      figures.catch(() => (this.overviewCache = undefined));
      this.overviewCache = { figures, at: now };
    }
    return this.overviewCache.figures;
  }

  private async computeOverview(now: Date): Promise<OverviewFigures> {
    const days = lastDays(now, 30);
    const since = `${days[0]}T00:00:00.000Z`;
    const countByType = (table: LeadTable) =>
      this.db
        .selectFrom(table)
        .select(['lead_type', (eb) => eb.fn.countAll<number | string>().as('n')])
        .groupBy('lead_type')
        .execute();
    const perDay = (table: LeadTable) =>
      this.db
        .selectFrom(table)
        .select([
          sql<string>`substr(created_at, 1, 10)`.as('day'),
          (eb) => eb.fn.countAll<number | string>().as('n'),
        ])
        .where('created_at', '>=', since)
        .groupBy(sql`substr(created_at, 1, 10)`)
        .execute();
    const conversion = (column: 'landing_variant' | 'utm_source') =>
      this.db
        .selectFrom('candidates')
        .select([
          sql<string | null>`${sql.ref(column)}`.as('key'),
          (eb) => eb.fn.countAll<number | string>().as('leads'),
          sql<number | string>`sum(case when stage = 'application' then 1 else 0 end)`.as(
            'applications',
          ),
        ])
        .where('landing_variant', 'is not', null)
        .groupBy(column)
        .orderBy(sql`count(*)`, 'desc')
        .limit(50)
        .execute();
    const [candidateTypes, companyTypes, candidateDays, companyDays, variants, sources] =
      await Promise.all([
        countByType('candidates'),
        countByType('companies'),
        perDay('candidates'),
        perDay('companies'),
        conversion('landing_variant'),
        conversion('utm_source'),
      ]);
    const typeCount = (rows: { lead_type: string; n: number | string }[], type: string) =>
      Number(rows.find((row) => row.lead_type === type)?.n ?? 0);
    const dayCount = (rows: { day: string; n: number | string }[], day: string) =>
      Number(rows.find((row) => row.day === day)?.n ?? 0);
    const toConversion = (
      rows: { key: string | null; leads: number | string; applications: number | string }[],
    ) =>
      rows.map((row) => ({
        key: row.key,
        emailLeads: Number(row.leads),
        applications: Number(row.applications),
      }));
    return {
      counts: {
        typeform: typeCount(candidateTypes, 'typeform'),
        candidates: typeCount(candidateTypes, 'regular'),
        candidateEmails: typeCount(candidateTypes, 'email'),
        companies: typeCount(companyTypes, 'full'),
        companyEmails: typeCount(companyTypes, 'email'),
      },
      daily: days.map((day) => ({
        date: day,
        candidates: dayCount(candidateDays, day),
        companies: dayCount(companyDays, day),
      })),
      variants: toConversion(variants),
      utmSources: toConversion(sources),
    };
  }
}

/** The last `count` UTC days ending today, as YYYY-MM-DD, oldest first. */
export function lastDays(now: Date, count: number): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: count }, (_, index) =>
    new Date(today - (count - 1 - index) * 86_400_000).toISOString().slice(0, 10),
  );
}
