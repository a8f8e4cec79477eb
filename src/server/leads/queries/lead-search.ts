import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { DialectName } from '../../platform/database/migration-runner';
import type { LeadTable } from '../store/lead-tables';
import { afterCursor, type Cursor } from './cursor';
import { leadTypes, type AdminLeadTables } from '../store/listing-tables';

/*
 * Prefix search over the admin listings (docs/decisions/025). Each table has three search keys
 * (generated, lower-cased columns, see 022_admin_search_keys), each in an index
 * (lead_type, key, created_at, id): a search is three index ranges, and the date and id of a
 * match come from the index without reading its row.
 *
 * Which plan finds a page of the newest matches fastest depends on how many there are:
 * - few (under DENSE_MATCHES): read the three ranges from the indexes, keep the newest
 *   (a bounded sort of dates and ids), then read those rows only;
 * - many: walk the tab newest first and keep the rows that match; a dense prefix fills a page
 *   within a few hundred rows. The walk stops after WALK_ROWS rows; if the page is not full by
 *   then (the matches are old), the first plan answers instead.
 * Counting is index-only too, and stops early: each range is counted up to DENSE_MATCHES, and
 * the total shown is capped at SEARCH_COUNT_CAP.
 */

/** A search counts its matches up to here: beyond, the dashboard shows '1,000+'. */
export const SEARCH_COUNT_CAP = 1_000;

/** From this many matches on (counted per key, up to this), walking the tab is the plan. */
export const DENSE_MATCHES = 10_000;

/** How many of a tab's newest rows a walk reads before it gives way to the index plan. */
export const WALK_ROWS = 10_000;

/**
 * Which rows of a table a search looks in: a tab (lead_type; all tabs when absent) and a
 * pipeline status. The status is not in the key indexes: a range's entries are checked
 * against their rows (ranges are at most DENSE_MATCHES entries before the walk answers), and
 * the walk reads the (lead_type, status, created_at, id) index (decision 065).
 */
export interface SearchTab {
  type?: string | undefined;
  status?: string | undefined;
}

/** The two thresholds of the plan (tests make them small). */
export interface SearchPlan {
  denseMatches: number;
  walkRows: number;
}

/** The indexed search keys of each table. */
export const searchKeys = {
  candidates: ['search_name', 'search_last_name', 'email_normalized'],
  companies: ['search_company', 'search_contact', 'email_normalized'],
} as const satisfies Record<LeadTable, readonly string[]>;

/** Above every other code point: `prefix + MAX` bounds all strings that start with `prefix`. */
const MAX_CODE_POINT = String.fromCodePoint(0x10ffff);

/** Collapses spaces, so 'Ada   Lovelace ' finds 'Ada Lovelace'. Empty means no search. */
export const normalizeSearch = (q: string | undefined): string =>
  (q ?? '').trim().replace(/\s+/g, ' ').slice(0, 200);

export interface SearchCount {
  /** Exact up to SEARCH_COUNT_CAP, then SEARCH_COUNT_CAP with `capped`. */
  total: number;
  capped: boolean;
  /** At least DENSE_MATCHES matches: a page is found sooner by walking the tab. */
  dense: boolean;
}

export interface SearchPage {
  limit: number;
  offset?: number | undefined;
  cursor?: Cursor | undefined;
}

export class LeadSearch {
  readonly plan: SearchPlan;

  constructor(
    private readonly db: Kysely<AdminLeadTables>,
    private readonly dialect: DialectName,
    plan: Partial<SearchPlan> = {},
  ) {
    this.plan = { denseMatches: DENSE_MATCHES, walkRows: WALK_ROWS, ...plan };
  }

  /**
   * `column` starts with `q`, case-insensitively: lower(q) <= column < lower(q) + MAX, lower-
   * cased by the database like the keys. PostgreSQL compares in "C" (bytes), as its indexes.
   * LIKE wildcards are plain characters here.
   */
  private startsWith(column: string, q: string): Expression<SqlBool> {
    const key = this.dialect === 'postgres' ? sql`${sql.ref(column)} collate "C"` : sql.ref(column);
    return sql<SqlBool>`(${key} >= lower(${q}) and ${key} < lower(${q + MAX_CODE_POINT}))`;
  }

  /** Any key of the row starts with `q` (for filtering rows that were read anyway). */
  matches(table: LeadTable, q: string): Expression<SqlBool> {
    const ranges = searchKeys[table].map((column) => this.startsWith(column, q));
    return sql<SqlBool>`(${sql.join(ranges, sql` or `)})`;
  }

  /**
   * The matches of one key, an index range: every lead type of the table when `type` is
   * absent (the type leads the index, so each type is a range of its own).
   */
  private branch(table: LeadTable, column: string, { type, status }: SearchTab, q: string) {
    let query = this.db.selectFrom(table).where(this.startsWith(column, q));
    // On SQLite +status keeps the planner on the key's range (the status index has no key).
    if (status) {
      const ref = this.dialect === 'sqlite' ? sql`+${sql.ref('status')}` : sql.ref('status');
      query = query.where(sql<SqlBool>`${ref} = ${status}`);
    }
    return type
      ? query.where('lead_type', '=', type as never)
      : query.where('lead_type', 'in', leadTypes[table] as never[]);
  }

  /** The index entries of the three ranges: a lead matching by two keys is two entries. */
  private entries(table: LeadTable, tab: SearchTab, q: string, cursor?: Cursor) {
    return searchKeys[table]
      .map((column) => {
        const query = this.branch(table, column, tab, q).select(['id', 'created_at']);
        return cursor ? query.where(afterCursor(cursor)) : query;
      })
      .reduce((all, next) => all.unionAll(next));
  }

  /**
   * Matches counted up to SEARCH_COUNT_CAP. The index entries are counted first, up to
   * DENSE_MATCHES in all; a lead is at most three entries, so beyond three times the cap the
   * total is capped without counting leads one by one.
   */
  async count(table: LeadTable, tab: SearchTab, q: string): Promise<SearchCount> {
    const upTo = async (rows: ReturnType<LeadSearch['entries']>, limit: number) => {
      const row = await this.db
        .selectFrom(rows.limit(limit).as('matches'))
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    };
    const entries = await upTo(this.entries(table, tab, q), this.plan.denseMatches);
    const dense = entries >= this.plan.denseMatches;
    if (entries > searchKeys[table].length * SEARCH_COUNT_CAP) {
      return { total: SEARCH_COUNT_CAP, capped: true, dense };
    }
    const leads =
      entries === 0
        ? 0
        : await upTo(
            searchKeys[table]
              .map((column) => this.branch(table, column, tab, q).select(['id', 'created_at']))
              .reduce((all, next) => all.union(next)),
            SEARCH_COUNT_CAP + 1,
          );
    return leads > SEARCH_COUNT_CAP
      ? { total: SEARCH_COUNT_CAP, capped: true, dense }
      : { total: leads, capped: false, dense };
  }

  /**
   * Ids of the newest `take` matches (after `cursor`), newest first, read from the search
   * indexes only: the three ranges' (created_at, id), the newest 3 x take of them (a lead
   * matching by several keys appears once per key, next to itself), then each id once.
   */
  async newestIds(
    table: LeadTable,
    tab: SearchTab,
    q: string,
    take: number,
    cursor?: Cursor,
  ): Promise<number[]> {
    const entries = this.entries(table, tab, q, cursor);
    // SQLite would merge the three ranges into a walk of the date index to honour this ORDER
    // BY (slow when a range is empty): an expression, +created_at, keeps the subquery whole.
    const newest = this.dialect === 'sqlite' ? sql`+created_at` : sql`created_at`;
    const rows = await this.db
      .selectFrom(entries.as('entries'))
      .select('id')
      .orderBy(newest, 'desc')
      .orderBy('id', 'desc')
      .limit(take * searchKeys[table].length)
      .execute();
    const ids: number[] = [];
    for (const { id } of rows) {
      if (ids[ids.length - 1] !== id) ids.push(id);
      if (ids.length === take) break;
    }
    return ids;
  }

  /**
   * Ids of the newest matches among the tab's newest WALK_ROWS rows (after `cursor`), from
   * `offset` on; undefined unless that fills the page. A dense search fills it within a few
   * hundred rows; the rows walked are read for their keys only.
   */
  async walkIds(
    table: LeadTable,
    tab: SearchTab,
    q: string,
    page: { limit: number; offset: number; cursor?: Cursor | undefined },
  ): Promise<number[] | undefined> {
    const rows = (await this.walk(table, tab, q, page.cursor)
      .limit(page.limit)
      .offset(page.offset)
      .execute()) as { id: number }[];
    return rows.length === page.limit ? rows.map((row) => row.id) : undefined;
  }

  /** The tab's rows (of a status), newest first, after `cursor`. */
  private range(table: LeadTable, { type, status }: SearchTab, cursor?: Cursor) {
    let tab = this.db.selectFrom(table);
    if (type) tab = tab.where('lead_type', '=', type as never);
    if (status) tab = tab.where('status', '=', status as never);
    return cursor ? tab.where(afterCursor(cursor)) : tab;
  }

  /** The matches among the range's newest WALK_ROWS rows (read for their keys only). */
  private walk(table: LeadTable, tab: SearchTab, q: string, cursor?: Cursor) {
    const recent = this.range(table, tab, cursor)
      .select(['id', 'created_at', ...searchKeys[table]] as never[])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(this.plan.walkRows);
    return this.db
      .selectFrom(recent.as('recent'))
      .select(sql.ref('id').as('id'))
      .where(this.matches(table, q))
      .orderBy(sql.ref('created_at'), 'desc')
      .orderBy(sql.ref('id'), 'desc');
  }

  /**
   * A tab-and-status range walked for a dense search: every match among its newest
   * WALK_ROWS rows, newest first, and whether that was the whole range (then the matches are
   * exact). A rare status is a short range: the walk answers however common the prefix.
   */
  async walkStatus(
    table: LeadTable,
    tab: SearchTab,
    q: string,
  ): Promise<{ ids: number[]; exhausted: boolean }> {
    const [rows, walked] = await Promise.all([
      this.walk(table, tab, q).execute() as Promise<{ id: number }[]>,
      this.db
        .selectFrom(this.range(table, tab).select('id').limit(this.plan.walkRows).as('walked'))
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { ids: rows.map((row) => row.id), exhausted: Number(walked.n) < this.plan.walkRows };
  }

  /** Ids of every match (each once), for filtering a whole tab: `id in (...)`. */
  allIds(table: LeadTable, tab: SearchTab, q: string) {
    return searchKeys[table]
      .map((column) => this.branch(table, column, tab, q).select('id'))
      .reduce((all, next) => all.unionAll(next));
  }
}
