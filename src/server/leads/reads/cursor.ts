import { sql, type RawBuilder, type SqlBool } from 'kysely';

/** The previous page's last row; another sort reads its value by id: no name travels in a URL. */
export interface Cursor {
  createdAt: string;
  id: number;
}

export const encodeCursor = (row: Cursor) => `${row.createdAt}~${row.id}`;

export function decodeCursor(cursor: string | undefined): Cursor | undefined {
  if (!cursor) return undefined;
  const [createdAt = '', id = '0'] = cursor.split('~');
  return { createdAt, id: Number(id) };
}

/** Rows whose (columns…, id) come after `values`: a row comparison the indexes answer as a range. */
export const afterKeys = (
  columns: readonly RawBuilder<unknown>[],
  values: readonly unknown[],
  descending: boolean,
): RawBuilder<SqlBool> =>
  sql<SqlBool>`(${sql.join([...columns, sql.ref('id')])}) ${descending ? sql`<` : sql`>`} (${sql.join(values)})`;
