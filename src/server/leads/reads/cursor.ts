import { sql, type RawBuilder, type SqlBool } from 'kysely';

/** The (created_at, id) of the previous page's last row. */
export interface Cursor {
  createdAt: string;
  id: number;
}

export const encodeCursor = (row: { createdAt: string; id: number }) =>
  `${row.createdAt}~${row.id}`;

export function decodeCursor(cursor: string | undefined): Cursor | undefined {
  if (!cursor) return undefined;
  const [createdAt = '', id = '0'] = cursor.split('~');
  return { createdAt, id: Number(id) };
}

/** Rows after `cursor`, newest first: a row value comparison the indexes answer as a range. */
export const afterCursor = (cursor: Cursor): RawBuilder<SqlBool> =>
  sql<SqlBool>`(${sql.ref('created_at')}, ${sql.ref('id')}) < (${cursor.createdAt}, ${cursor.id})`;
