import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { LeadKind } from '@shared/lead-status';
import type { AlsoWrite } from '../../platform/database/connection';
import { eraseLeadParts } from '../records/lead-history';
import type { DialectName } from '../../platform/database/migration-runner';
import type { LeadTable } from '../records/lead-tables';
import { hasPossibleDuplicates } from '../workflows/duplicates/possible-duplicates';
import { afterKeys, type Cursor } from './cursor';
import { NEWEST_FIRST, sortColumns, type ListSort, type ListSortKey } from './lead-sort';
import { idIn } from '../records/id-list';
import { normalizeSearch, SEARCH_COUNT_CAP, searchMatches } from './lead-search';
import {
  listColumns,
  type AdminLeadTables,
  type CandidateLeadType,
  type CandidateListRow,
  type CompanyLeadType,
  type CompanyListRow,
} from '../records/listing-tables';

/* Listings by a sort's columns then id, newest first unless asked; a search is index ranges (decision 024). */

export type LeadEmailRow = Pick<
  CandidateListRow,
  | 'id'
  | 'email'
  | 'source_page'
  | 'landing_variant'
  | 'utm_source'
  | 'utm_campaign'
  | 'created_at'
  | 'activity_at'
  | 'assignee_id'
  | 'assignee_name'
> & { kind: LeadKind; status: string };

type ListType = { candidates: CandidateLeadType; companies: CompanyLeadType };
type ListRow = { candidates: CandidateListRow; companies: CompanyListRow };

/** Which rows of a table: a tab (every tab without a type), a status, a search, chosen ids. */
export interface ListFilter {
  type?: string | undefined;
  ids?: readonly number[] | undefined;
  /** Prefix of a name, the company or the e-mail, any case. */
  q?: string | undefined;
  status?: string | undefined;
  duplicates?: boolean | undefined;
  /** The assignee's account id; null: unassigned leads only; undefined: any. */
  assignee?: number | null | undefined;
}

interface ListQuery<Type extends string> extends ListFilter {
  type?: Type | undefined;
  limit: number;
  offset?: number | undefined;
  cursor?: Cursor | undefined;
  sort?: ListSort | undefined;
}

export interface Page<Row> {
  rows: Row[];
  /** Exact without a search; with one, at most SEARCH_COUNT_CAP (then `capped`). */
  total: number;
  capped: boolean;
}

export class LeadListing {
  constructor(
    readonly db: Kysely<AdminLeadTables>,
    readonly dialect: DialectName,
  ) {}

  private filtered(table: LeadTable, { type, status, q, ids, duplicates, assignee }: ListFilter) {
    let query = this.db.selectFrom(table);
    if (ids) query = query.where(idIn(this.dialect, ids));
    if (type) query = query.where('lead_type', '=', type as never);
    if (status) query = query.where('status', '=', status as never);
    if (duplicates && table === 'candidates') query = query.where(hasPossibleDuplicates);
    if (assignee === null) query = query.where('assignee_id', 'is', null);
    else if (assignee !== undefined) query = query.where('assignee_id', '=', assignee);
    const search = normalizeSearch(q);
    if (!search) return query;
    return query.where('id', 'in', searchMatches(this.db, this.dialect, table, type, search));
  }

  matching(table: LeadTable, filter: ListFilter, cursor?: Cursor) {
    const query = this.filtered(table, filter);
    const after = cursor && afterKeys([sql.ref('created_at')], [cursor.createdAt, cursor.id], true);
    return (after ? query.where(after) : query).orderBy('created_at', 'desc').orderBy('id', 'desc');
  }

  /** A search counts up to SEARCH_COUNT_CAP, from the key indexes alone if nothing else filters. */
  private async count(table: LeadTable, filter: ListFilter): Promise<Omit<Page<never>, 'rows'>> {
    const q = normalizeSearch(filter.q);
    const searching = q !== '';
    const ids =
      searching && !filter.status && !filter.duplicates && filter.assignee === undefined
        ? searchMatches(this.db, this.dialect, table, filter.type, q, true)
        : this.filtered(table, filter).select('id');
    const row = await this.db
      .selectFrom((searching ? ids.limit(SEARCH_COUNT_CAP + 1) : ids).as('matches'))
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    const total = Number(row.n);
    return total > SEARCH_COUNT_CAP && searching
      ? { total: SEARCH_COUNT_CAP, capped: true }
      : { total, capped: false };
  }

  /** One page in the sort's order: after `cursor` (keyset), else after `offset`. */
  private async rows<Row>(table: LeadTable, query: ListQuery<string>): Promise<Row[]> {
    const { key, descending } = query.sort ?? NEWEST_FIRST;
    const columns = sortColumns(this.dialect, table, query.type, key);
    const after = query.cursor && (await this.keysOf(table, key, columns, query.cursor));
    if (after === null) return [];
    let found = this.filtered(table, query);
    if (after) found = found.where(afterKeys(columns, after, descending));
    for (const column of [...columns, sql.ref('id')]) {
      found = found.orderBy(column, descending ? 'desc' : 'asc');
    }
    const rows = await found
      .select(listColumns[table] as never[])
      .select(columns.map((column, index) => column.as(`sort_${index}`)))
      .select(assigneeName(table))
      .limit(query.limit)
      .offset(query.cursor ? 0 : (query.offset ?? 0))
      .execute();
    return rows as Row[];
  }

  /** The cursor row's sort values and id; null when that row is gone (the page ends there). */
  private async keysOf(
    table: LeadTable,
    key: ListSortKey,
    columns: RawBuilder<unknown>[],
    cursor: Cursor,
  ) {
    if (key === 'created') return [cursor.createdAt, cursor.id];
    const row = await this.db
      .selectFrom(table)
      .select(columns.map((column, index) => column.as(`sort_${index}`)))
      .where('id', '=', cursor.id)
      .executeTakeFirst();
    return row
      ? [...columns.map((_, index) => (row as Record<string, unknown>)[`sort_${index}`]), cursor.id]
      : null;
  }

  async list<Table extends LeadTable>(
    table: Table,
    query: ListQuery<ListType[Table]>,
  ): Promise<Page<ListRow[Table]>> {
    const [count, rows] = await Promise.all([
      this.count(table, query),
      this.rows<ListRow[Table]>(table, query),
    ]);
    return { rows, ...count };
  }

  /** E-mail-only leads of both tables, newest first: offset + limit rows of each, merged and cut. */
  async listLeadEmails(
    query: Omit<ListQuery<never>, 'type' | 'cursor'>,
  ): Promise<Page<LeadEmailRow>> {
    const offset = query.offset ?? 0;
    const filter = { ...query, type: 'email', limit: offset + query.limit, offset: 0 };
    const side = async (table: LeadTable, kind: LeadEmailRow['kind']) => {
      const page = await this.list(table, filter as ListQuery<'email'>);
      return { ...page, rows: page.rows.map((row) => ({ ...row, kind }) as LeadEmailRow) };
    };
    const [candidates, companies] = await Promise.all([
      side('candidates', 'candidate'),
      side('companies', 'company'),
    ]);
    // Each side is in the sort's order already; merged by the same values (`sort_0`, …).
    const way = query.sort?.descending === false ? 1 : -1;
    const inOrder = (a: SortedRow, b: SortedRow) =>
      way * (compare(a.sort_0, b.sort_0) || compare(a.sort_1, b.sort_1)) ||
      compare(a.kind, b.kind) ||
      way * (a.id - b.id);
    const rows = [...candidates.rows, ...companies.rows]
      .sort(inOrder as (a: LeadEmailRow, b: LeadEmailRow) => number)
      .slice(offset, filter.limit);
    const sum = candidates.total + companies.total;
    const capped =
      candidates.capped ||
      companies.capped ||
      (sum > SEARCH_COUNT_CAP && normalizeSearch(query.q) !== '');
    return { rows, total: capped ? Math.min(sum, SEARCH_COUNT_CAP) : sum, capped };
  }

  /** SQLite plans with ANALYZE's statistics; without them a search scans a whole tab. */
  async refreshStatistics(): Promise<void> {
    if (this.dialect !== 'sqlite') return;
    await sql`pragma analysis_limit = 2000`.execute(this.db);
    await sql`pragma optimize = 0x10002`.execute(this.db);
  }

  async findLead<Table extends LeadTable>(
    table: Table,
    id: number,
  ): Promise<ListRow[Table] | undefined> {
    const row = await this.db
      .selectFrom(table as LeadTable)
      .select(listColumns[table] as never[])
      .select(assigneeName(table))
      .where('id', '=', id)
      .executeTakeFirst();
    return row as ListRow[Table] | undefined;
  }

  /**
   * True when a row was deleted: its contacts, forms, activity and messages go too: nothing
   * personal left. `within` erases what other capabilities hold of it (a candidate's calls),
   * told the lead's address, and writes the audit entry: all commit together.
   */
  deleteLead(table: LeadTable, id: number, within?: AlsoWrite<string>): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .deleteFrom(table)
        .where('id', '=', id)
        .returning('email')
        .executeTakeFirst();
      if (!row) return false;
      await eraseLeadParts(trx, table, [id]);
      await within?.(trx, row.email);
      return true;
    });
  }
}

const assigneeName = (table: LeadTable) =>
  sql<
    string | null
  >`(select name from admin_accounts where admin_accounts.id = ${sql.ref(`${table}.assignee_id`)})`.as(
    'assignee_name',
  );

type SortedRow = LeadEmailRow & { sort_0?: string | number; sort_1?: string | number };

const compare = (a: string | number = '', b: string | number = '') => (a < b ? -1 : a > b ? 1 : 0);
