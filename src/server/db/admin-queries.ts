import type SqliteDatabase from 'better-sqlite3';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { CELL_SEPARATOR, exportBatches, type RowBatches } from './export-rows';
import {
  LeadSearch,
  normalizeSearch,
  SEARCH_COUNT_CAP,
  type Cursor,
  type LeadTable,
  type SearchPage,
  type SearchPlan,
} from './lead-search';
import type { DialectName } from './migrations';
import type {
  CandidateLeadType,
  CandidateRow,
  CompanyLeadType,
  CompanyRow,
  Database,
} from './schema';
import type { OverviewFigures } from '../../shared/admin-overview';

export { normalizeSearch, SEARCH_COUNT_CAP, type Cursor, type LeadTable } from './lead-search';

/*
 * The read side of the admin dashboard: paged, searchable listings, the exports' rows, deletes
 * and the overview figures. Every listing is newest first, (created_at, id) descending, which
 * the (lead_type, created_at, id) indexes serve directly; searches are planned in
 * lead-search.ts (docs/decisions/024 and 025).
 */

type SearchKeyColumn = 'search_name' | 'search_last_name' | 'search_company' | 'search_contact';
export type CandidateListRow = Omit<CandidateRow, 'lead_type' | SearchKeyColumn> & {
  lead_type: CandidateLeadType;
};
export type CompanyListRow = Omit<CompanyRow, 'lead_type' | SearchKeyColumn> & {
  lead_type: CompanyLeadType;
};

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

/**
 * A tab's exact count (no search) is reused for this long: counting 600,000 index entries
 * costs ~100 ms on SQLite, and the dashboard asks for it with every page and refresh.
 */
export const TAB_COUNT_TTL_MS = 10_000;

const attributionColumns = [
  'source_page',
  'landing_variant',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'referrer',
] as const;

/** What a listing reads of a row: every stored column, not the generated search keys. */
const listColumns: Record<LeadTable, readonly string[]> = {
  candidates: [
    'id',
    'email',
    'email_normalized',
    'stage',
    ...attributionColumns,
    'created_at',
    'updated_at',
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
    'typeform_completed',
    'is_typeform_candidate',
    'lead_type',
  ] satisfies (keyof CandidateListRow)[],
  companies: [
    'id',
    'email',
    'email_normalized',
    'stage',
    ...attributionColumns,
    'created_at',
    'updated_at',
    'company_name',
    'contact_name',
    'title',
    'company_size',
    'talent_needs',
    'timeline',
    'comments',
    'lead_type',
  ] satisfies (keyof CompanyListRow)[],
};

/** An export: one column per CSV cell, as SQL (a column name or an expression). */
export type ExportSelection = string | RawBuilder<unknown>;

export interface AdminQueriesOptions {
  /**
   * SQLite: opens a read-only connection of the database's own, on which an export runs as
   * one statement (without it, exports read keyset pages through the shared connection).
   */
  openReader?: (() => SqliteDatabase.Database) | undefined;
  /** Overrides the search plan's thresholds (tests). */
  searchPlan?: Partial<SearchPlan> | undefined;
}

export class AdminQueries {
  private readonly tabCounts = new Map<string, { total: number; at: number }>();
  private overviewCache: { figures: Promise<OverviewFigures>; at: number } | undefined;
  private readonly search: LeadSearch;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
    private readonly options: AdminQueriesOptions = {},
  ) {
    this.search = new LeadSearch(db, dialect, options.searchPlan);
  }

  /** The rows of a tab (all rows without a type). */
  private tab(table: LeadTable, type: string | undefined) {
    const query = this.db.selectFrom(table);
    return type ? query.where('lead_type', '=', type as never) : query;
  }

  /** The rows of a tab that a search matches: an index range per key, each id once. */
  private searched(table: LeadTable, type: string | undefined, q: string) {
    const query = this.tab(table, type);
    return q ? query.where('id', 'in', this.search.allIds(table, type, q)) : query;
  }

  private async page<Row>(table: LeadTable, query: ListQuery<string>): Promise<Page<Row>> {
    const q = normalizeSearch(query.q);
    if (!q) {
      const [total, rows] = await Promise.all([
        this.tabCount(table, query.type),
        this.rowsAfter<Row>(table, query.type, query.limit, query.cursor, query.offset),
      ]);
      return { rows, total, capped: false };
    }
    const { total, capped, dense } = await this.search.count(table, query.type, q);
    const rows = total === 0 ? [] : await this.searchRows<Row>(table, query.type, q, query, dense);
    return { rows, total, capped };
  }

  listCandidates(query: ListQuery<CandidateLeadType>): Promise<Page<CandidateListRow>> {
    return this.page('candidates', query);
  }

  listCompanies(query: ListQuery<CompanyLeadType>): Promise<Page<CompanyListRow>> {
    return this.page('companies', query);
  }

  /**
   * A page of a search's matches, newest first. Dense searches first walk the tab's newest
   * rows (WALK_ROWS); otherwise, or when that walk does not fill the page, the newest matches'
   * ids come from the search indexes and only their rows are read (lead-search.ts).
   */
  private async searchRows<Row>(
    table: LeadTable,
    type: string | undefined,
    q: string,
    page: SearchPage,
    dense: boolean,
  ): Promise<Row[]> {
    const offset = page.cursor ? 0 : (page.offset ?? 0);
    const walked = dense
      ? await this.search.walkIds(table, type, q, {
          limit: page.limit,
          offset,
          cursor: page.cursor,
        })
      : undefined;
    const ids =
      walked ??
      (await this.search.newestIds(table, type, q, offset + page.limit, page.cursor)).slice(offset);
    if (ids.length === 0) return [];
    const rows = (await this.db
      .selectFrom(table)
      .select(listColumns[table] as never[])
      .where('id', 'in', ids)
      .execute()) as (Row & { id: number })[];
    const byId = new Map(rows.map((row) => [row.id, row]));
    // A row deleted in between is left out.
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /** Rows strictly after `cursor` in the newest-first order. */
  private after<Query extends ReturnType<AdminQueries['tab']>>(
    query: Query,
    cursor: Cursor | undefined,
  ): Query {
    if (!cursor) return query;
    return query.where((eb) =>
      eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(cursor.createdAt, cursor.id)),
    ) as Query;
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
    const side = async (table: LeadTable): Promise<[LeadEmailRow[], Page<never>]> => {
      const kind = table === 'candidates' ? 'candidate' : 'company';
      if (!q) {
        const [rows, total] = await Promise.all([
          this.rowsAfter<LeadEmailRow>(table, 'email', take, undefined, 0),
          this.tabCount(table, 'email'),
        ]);
        return [rows.map((row) => ({ ...row, kind })), { rows: [], total, capped: false }];
      }
      const count = await this.search.count(table, 'email', q);
      const rows =
        count.total === 0
          ? []
          : await this.searchRows<LeadEmailRow>(table, 'email', q, { limit: take }, count.dense);
      return [rows.map((row) => ({ ...row, kind })), { rows: [], ...count }];
    };
    const [[candidateRows, candidates], [companyRows, companies]] = await Promise.all([
      side('candidates'),
      side('companies'),
    ]);
    const rows = [...candidateRows, ...companyRows]
      .sort((a, b) => compare(b.created_at, a.created_at) || compare(a.kind, b.kind) || b.id - a.id)
      .slice(offset, take)
      .map((row) => ({
        kind: row.kind,
        id: row.id,
        email: row.email,
        source_page: row.source_page,
        landing_variant: row.landing_variant,
        utm_source: row.utm_source,
        utm_campaign: row.utm_campaign,
        created_at: row.created_at,
      }));
    const sum = candidates.total + companies.total;
    const capped = q !== '' && (candidates.capped || companies.capped || sum > SEARCH_COUNT_CAP);
    return { rows, total: capped ? Math.min(sum, SEARCH_COUNT_CAP) : sum, capped };
  }

  /** Exact count of a tab, reused for TAB_COUNT_TTL_MS. */
  private async tabCount(table: LeadTable, type: string | undefined): Promise<number> {
    const key = `${table}:${type ?? ''}`;
    const cached = this.tabCounts.get(key);
    if (cached && Date.now() - cached.at < TAB_COUNT_TTL_MS) return cached.total;
    const row = await this.tab(table, type)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    this.tabCounts.set(key, { total: Number(row.n), at: Date.now() });
    return Number(row.n);
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
   * constant whatever the total, and the connection is free between pages.
   */
  async *iterate<Row extends { created_at: string; id: number }>(
    table: LeadTable,
    filter: { type?: string | undefined; q?: string | undefined },
    pageSize = 2000,
  ): AsyncGenerator<Row> {
    const q = normalizeSearch(filter.q);
    let cursor: Cursor | undefined;
    for (;;) {
      const rows = (await this.after(this.searched(table, filter.type, q), cursor)
        .select(listColumns[table] as never[])
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(pageSize)
        .execute()) as Row[];
      yield* rows;
      const last = rows[rows.length - 1];
      if (!last || rows.length < pageSize) return;
      cursor = { createdAt: last.created_at, id: last.id };
    }
  }

  /**
   * The rows of an export, newest first, as arrays of the selected values, in batches. On
   * SQLite one statement on a read-only connection of its own (no per-page queries, and the
   * shared connection stays free); on PostgreSQL keyset pages of 5,000 rows.
   */
  exportRows(
    table: LeadTable,
    filter: { type: string; q?: string | undefined },
    selections: readonly ExportSelection[],
  ): RowBatches {
    const values = selections.map((selection) =>
      typeof selection === 'string' ? sql.ref(selection) : selection,
    );
    const columns = values.map((value, index) => value.as(`c${index}`));
    const ordered = (cursor: Cursor | undefined) =>
      this.after(this.searched(table, filter.type, normalizeSearch(filter.q)), cursor)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc');
    // One text per row: the drivers hand over one long text far faster than twenty short ones.
    const text = (value: RawBuilder<unknown>) =>
      this.dialect === 'postgres' ? sql`cast(${value} as text)` : value;
    const joined = (cursor: Cursor | undefined) =>
      ordered(cursor).select([
        sql<string>`concat_ws(${CELL_SEPARATOR}, ${sql.join(
          values.map((value) => sql`coalesce(${text(value)}, '')`),
        )})`.as('cells'),
        'created_at',
        'id',
      ] as never[]);
    const byId = (id: number) =>
      this.db
        .selectFrom(table)
        .select(columns as never[])
        .where('id', '=', id);
    return exportBatches({
      openReader: this.dialect === 'sqlite' ? this.options.openReader : undefined,
      joined: () => joined(undefined).compile(),
      byId: (id) => byId(id).compile(),
      valuesById: async (id) => {
        const row = await byId(id).executeTakeFirst();
        return row && Object.values(row);
      },
      page: async (cursor, size) =>
        (await joined(cursor).limit(size).execute()) as {
          cells: string;
          created_at: string;
          id: number;
        }[],
      width: selections.length,
    });
  }

  /** One page without a search, newest first: after `cursor` (keyset), else after `offset`. */
  private async rowsAfter<Row>(
    table: LeadTable,
    type: string | undefined,
    limit: number,
    cursor: Cursor | undefined,
    offset = 0,
  ): Promise<Row[]> {
    const found = await this.after(this.tab(table, type), cursor)
      .select(listColumns[table] as never[])
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
      .select(listColumns.candidates as never[])
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

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
