import { sql, type Kysely, type Transaction } from 'kysely';
import type { DialectName } from '../../platform/database/migration-runner';
import type { LeadTable } from '../store/lead-tables';
import { FiguresFreshness } from './figures-freshness';
import { afterCursor, type Cursor } from './cursor';
import {
  LeadSearch,
  normalizeSearch,
  SEARCH_COUNT_CAP,
  type SearchPage,
  type SearchPlan,
  type SearchTab,
} from './lead-search';
import {
  leadTypes,
  listColumns,
  type AdminLeadTables,
  type CandidateLeadType,
  type CandidateListRow,
  type CompanyLeadType,
  type CompanyListRow,
} from '../store/listing-tables';

/*
 * The read side of the dashboard's tabs: paged, searchable listings, one lead, deletes. Every
 * listing is newest first, (created_at, id) descending, which the (lead_type, created_at, id)
 * indexes serve directly; searches are planned in lead-search.ts (docs/decisions/024, 025).
 */

export interface LeadEmailRow {
  kind: 'candidate' | 'company';
  id: number;
  email: string;
  status: string;
  source_page: string | null;
  landing_variant: string | null;
  utm_source: string | null;
  utm_campaign: string | null;
  created_at: string;
}

interface ListType {
  candidates: CandidateLeadType;
  companies: CompanyLeadType;
}
interface ListRow {
  candidates: CandidateListRow;
  companies: CompanyListRow;
}

export interface ListQuery<Type extends string> {
  type?: Type | undefined;
  /** Prefix of a name, the company or the e-mail, any case. */
  q?: string | undefined;
  /** A pipeline status (src/shared/lead-status.ts). */
  status?: string | undefined;
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

export interface LeadListingOptions {
  /** Overrides the search plan's thresholds (tests). */
  searchPlan?: Partial<SearchPlan> | undefined;
  /** Shared with the Overview: a delete or a status change makes both compute afresh. */
  freshness?: FiguresFreshness;
  /**
   * Deletes what other parts keep about a lead (the pipeline's notes and activity), in the
   * transaction that deletes the lead: a deleted lead leaves no personal data behind.
   */
  deleteWith?: (trx: Transaction<AdminLeadTables>, table: LeadTable, id: number) => Promise<void>;
}

export class LeadListing {
  private readonly tabCounts = new Map<string, { total: number; at: number; generation: number }>();
  private readonly search: LeadSearch;
  readonly freshness: FiguresFreshness;

  constructor(
    readonly db: Kysely<AdminLeadTables>,
    readonly dialect: DialectName,
    private readonly options: LeadListingOptions = {},
  ) {
    this.search = new LeadSearch(db, dialect, options.searchPlan);
    this.freshness = options.freshness ?? new FiguresFreshness();
  }

  /** The rows of a tab (all rows without a type), of one status if given. */
  private tab(table: LeadTable, { type, status }: SearchTab) {
    let query = this.db.selectFrom(table);
    if (type) query = query.where('lead_type', '=', type as never);
    return status ? query.where('status', '=', status as never) : query;
  }

  /**
   * The rows of a tab that a search matches (an index range per key, each id once), after
   * `cursor`, newest first.
   */
  matching(table: LeadTable, filter: SearchTab & { q?: string | undefined }, cursor?: Cursor) {
    const q = normalizeSearch(filter.q);
    let query = this.tab(table, filter);
    if (q) query = query.where('id', 'in', this.search.allIds(table, filter, q));
    if (cursor) query = query.where(afterCursor(cursor));
    return query.orderBy('created_at', 'desc').orderBy('id', 'desc');
  }

  private async page<Row>(table: LeadTable, query: ListQuery<string>): Promise<Page<Row>> {
    const q = normalizeSearch(query.q);
    const tab = { type: query.type, status: query.status };
    if (!q && tab.status && !tab.type) return this.statusPage<Row>(table, tab.status, query);
    if (!q) {
      const [total, rows] = await Promise.all([
        this.tabCount(table, tab),
        this.rowsAfter<Row>(table, tab, query.limit, query.cursor, query.offset),
      ]);
      return { rows, total, capped: false };
    }
    if (tab.status && tab.type && !query.cursor) {
      const walked = await this.statusSearchPage<Row>(table, tab, q, query);
      if (walked) return walked;
    }
    const { total, capped, dense } = await this.search.count(table, tab, q);
    const rows = total === 0 ? [] : await this.searchRows<Row>(table, tab, q, query, dense);
    return { rows, total, capped };
  }

  /**
   * A search within a status (decision 065). The key ranges check each entry's status
   * against its row, which is cheap while the prefix is rare (under DENSE_MATCHES entries,
   * counted from the indexes alone). A common prefix walks the tab-and-status range instead:
   * a rare status is read whole (exact), a common one fills the page within a few hundred
   * rows (the total then says "at least"). Undefined when neither applies (a common prefix,
   * a common status and few of their matches among the newest rows): the key ranges answer.
   */
  private async statusSearchPage<Row>(
    table: LeadTable,
    tab: SearchTab,
    q: string,
    query: ListQuery<string>,
  ): Promise<Page<Row> | undefined> {
    const keys = await this.search.count(table, { type: tab.type }, q);
    if (keys.total === 0) return { rows: [], total: 0, capped: false };
    if (!keys.dense) return undefined;
    const { ids, exhausted } = await this.search.walkStatus(table, tab, q);
    const offset = query.offset ?? 0;
    if (!exhausted && ids.length < offset + query.limit) return undefined;
    return {
      rows: await this.rowsById<Row>(table, ids.slice(offset, offset + query.limit)),
      total: Math.min(ids.length, SEARCH_COUNT_CAP),
      capped: !exhausted || ids.length > SEARCH_COUNT_CAP,
    };
  }

  /**
   * A status across every tab of a table: the newest offset + limit rows of each tab's
   * (lead_type, status, …) range, merged. One index range per tab instead of a sort of all
   * the table's rows of that status.
   */
  private async statusPage<Row>(
    table: LeadTable,
    status: string,
    query: ListQuery<string>,
  ): Promise<Page<Row>> {
    const offset = query.cursor ? 0 : (query.offset ?? 0);
    const sides = await Promise.all(
      leadTypes[table].map((type) =>
        Promise.all([
          this.rowsAfter<Row & { created_at: string; id: number }>(
            table,
            { type, status },
            offset + query.limit,
            query.cursor,
          ),
          this.tabCount(table, { type, status }),
        ]),
      ),
    );
    const rows = sides
      .flatMap(([tabRows]) => tabRows)
      .sort((a, b) => compare(b.created_at, a.created_at) || b.id - a.id)
      .slice(offset, offset + query.limit);
    return { rows, total: sides.reduce((sum, [, count]) => sum + count, 0), capped: false };
  }

  /** A page of a tab of candidates or companies. */
  list<Table extends LeadTable>(
    table: Table,
    query: ListQuery<ListType[Table]>,
  ): Promise<Page<ListRow[Table]>> {
    return this.page(table, query);
  }

  /**
   * A page of a search's matches, newest first. Dense searches first walk the tab's newest
   * rows (WALK_ROWS); otherwise, or when that walk does not fill the page, the newest matches'
   * ids come from the search indexes and only their rows are read (lead-search.ts).
   */
  private async searchRows<Row>(
    table: LeadTable,
    tab: SearchTab,
    q: string,
    page: SearchPage,
    dense: boolean,
  ): Promise<Row[]> {
    const offset = page.cursor ? 0 : (page.offset ?? 0);
    const walked = dense
      ? await this.search.walkIds(table, tab, q, {
          limit: page.limit,
          offset,
          cursor: page.cursor,
        })
      : undefined;
    const ids =
      walked ??
      (await this.search.newestIds(table, tab, q, offset + page.limit, page.cursor)).slice(offset);
    return this.rowsById<Row>(table, ids);
  }

  /** The rows of `ids`, in that order; a row deleted in between is left out. */
  private async rowsById<Row>(table: LeadTable, ids: number[]): Promise<Row[]> {
    if (ids.length === 0) return [];
    const rows = (await this.db
      .selectFrom(table)
      .select(listColumns[table] as never[])
      .where('id', 'in', ids)
      .execute()) as (Row & { id: number })[];
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap((id) => byId.get(id) ?? []);
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
    const tab = { type: 'email', status: query.status };
    const side = async (table: LeadTable): Promise<[LeadEmailRow[], Page<never>]> => {
      const kind = table === 'candidates' ? 'candidate' : 'company';
      if (!q) {
        const [rows, total] = await Promise.all([
          this.rowsAfter<LeadEmailRow>(table, tab, take, undefined, 0),
          this.tabCount(table, tab),
        ]);
        return [rows.map((row) => ({ ...row, kind })), { rows: [], total, capped: false }];
      }
      const count = await this.search.count(table, tab, q);
      const rows =
        count.total === 0
          ? []
          : await this.searchRows<LeadEmailRow>(table, tab, q, { limit: take }, count.dense);
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
        status: row.status,
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

  /** Exact count of a tab (of a status), reused for TAB_COUNT_TTL_MS. */
  private async tabCount(table: LeadTable, tab: SearchTab): Promise<number> {
    const key = `${table}:${tab.type ?? ''}:${tab.status ?? ''}`;
    const generation = await this.freshness.generation();
    const cached = this.tabCounts.get(key);
    const fresh = cached && cached.generation === generation;
    if (fresh && Date.now() - cached.at < TAB_COUNT_TTL_MS) return cached.total;
    const row = await this.tab(table, tab)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    this.tabCounts.set(key, { total: Number(row.n), at: Date.now(), generation });
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
    filter: SearchTab & { q?: string | undefined },
    pageSize = 2000,
  ): AsyncGenerator<Row> {
    let cursor: Cursor | undefined;
    for (;;) {
      const rows = (await this.matching(table, filter, cursor)
        .select(listColumns[table] as never[])
        .limit(pageSize)
        .execute()) as Row[];
      yield* rows;
      const last = rows[rows.length - 1];
      if (!last || rows.length < pageSize) return;
      cursor = { createdAt: last.created_at, id: last.id };
    }
  }

  /** One page without a search, newest first: after `cursor` (keyset), else after `offset`. */
  private async rowsAfter<Row>(
    table: LeadTable,
    tab: SearchTab,
    limit: number,
    cursor: Cursor | undefined,
    offset = 0,
  ): Promise<Row[]> {
    const found = await this.matching(table, tab, cursor)
      .select(listColumns[table] as never[])
      .limit(limit)
      .offset(cursor ? 0 : offset)
      .execute();
    return found as Row[];
  }

  /** One lead as its listing row. */
  async findLead<Table extends LeadTable>(
    table: Table,
    id: number,
  ): Promise<ListRow[Table] | undefined> {
    const row = await this.db
      .selectFrom(table as LeadTable)
      .select(listColumns[table] as never[])
      .where('id', '=', id)
      .executeTakeFirst();
    return row as ListRow[Table] | undefined;
  }

  findCandidate(id: number): Promise<CandidateListRow | undefined> {
    return this.findLead('candidates', id);
  }

  /** Status changes move leads between filtered counts: the next page counts again. */
  forgetCounts(): Promise<void> {
    return this.freshness.changed();
  }

  /** True when a row was deleted; its form history (and deleteWith's data) go with it. */
  async deleteLead(table: LeadTable, id: number): Promise<boolean> {
    const deleted = await this.db.transaction().execute(async (trx) => {
      const result = await trx.deleteFrom(table).where('id', '=', id).executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) return false;
      await trx
        .deleteFrom('lead_submissions')
        .where('lead_table', '=', table)
        .where('lead_id', '=', id)
        .execute();
      await this.options.deleteWith?.(trx, table, id);
      return true;
    });
    if (deleted) await this.freshness.changed();
    return deleted;
  }
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
