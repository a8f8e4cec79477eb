import { sql, type RawBuilder } from 'kysely';
import type { DialectName } from '../../platform/database/migration-runner';
import type { LeadTable } from '../records/lead-tables';

/* The list's sorts: the columns the list shows, each one index range of a tab (310_list_sorts). */

export const listSortKeys = ['created', 'activity', 'name', 'status', 'owner', 'source'] as const;
export type ListSortKey = (typeof listSortKeys)[number];

export interface ListSort {
  key: ListSortKey;
  descending: boolean;
}

export const NEWEST_FIRST: ListSort = { key: 'created', descending: true };

/** ?sort=: a key, '-' before it for descending ('-created', the default, is newest first). */
export const sortPattern = `^-?(${listSortKeys.join('|')})$`;

export function parseSort(text: string | undefined): ListSort {
  const key = text?.replace(/^-/, '') as ListSortKey | undefined;
  if (!key || !listSortKeys.includes(key)) return NEWEST_FIRST;
  return { key, descending: text?.startsWith('-') === true };
}

const created = sql.ref('created_at');

/** What a sort orders by before the id (an e-mail lead's name: its address); ties by creation. */
export function sortColumns(
  dialect: DialectName,
  table: LeadTable,
  type: string | undefined,
  key: ListSortKey,
): RawBuilder<unknown>[] {
  switch (key) {
    case 'created':
      return [created];
    case 'activity':
      return [sql.ref('activity_at')];
    case 'status':
      return [sql.ref('status'), created];
    case 'owner':
      return [sql`coalesce(assignee_id, 0)`, created];
    case 'source':
      return [sql`coalesce(source_page, '')`, created];
    case 'name':
      if (type === 'email') {
        // PostgreSQL's e-mail index is in "C" order (listing-migrations.ts).
        const email = sql.ref('email_normalized');
        return [dialect === 'postgres' ? sql`${email} collate "C"` : email, created];
      }
      return [
        table === 'candidates' ? sql.ref('search_name') : sql`coalesce(search_company, '')`,
        created,
      ];
  }
}
