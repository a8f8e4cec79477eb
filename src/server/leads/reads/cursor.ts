import { sql, type RawBuilder, type SqlBool } from 'kysely';

/** Where the next page starts: the (created_at, id) of the last row of the previous one. */
export interface Cursor {
  createdAt: string;
  id: number;
}

/** The cursor as the API passes it (X-Next-Cursor, ?cursor=). */
export const encodeCursor = (row: { createdAt: string; id: number }) =>
  `${row.createdAt}~${row.id}`;

export function decodeCursor(cursor: string | undefined): Cursor | undefined {
  if (!cursor) return undefined;
  const [createdAt = '', id = '0'] = cursor.split('~');
  return { createdAt, id: Number(id) };
}

/**
 * Rows strictly after `cursor` in the newest-first order, (created_at, id) descending: a row
 * value comparison, which the (…, created_at, id) indexes answer as a range.
 */
export const afterCursor = (cursor: Cursor): RawBuilder<SqlBool> =>
  sql<SqlBool>`(${sql.ref('created_at')}, ${sql.ref('id')}) < (${cursor.createdAt}, ${cursor.id})`;
