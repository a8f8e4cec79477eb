import type SqliteDatabase from 'better-sqlite3';
import type { CompiledQuery } from 'kysely';
import type { Cursor } from '../listing/cursor';

/*
 * Reading a whole tab for an export (docs/decisions/022 and 025), newest first, in batches.
 * Each row is [cells, created_at, id]: the cells are the exported values as one text joined by
 * CELL_SEPARATOR (null as ''), because the drivers turn one long text into a JavaScript
 * string much faster than twenty short ones (the 600,000 Candidates rows on SQLite: ~3 s of
 * CPU instead of ~6 s); a row whose values contain the separator comes as an array instead.
 */

export type ExportRow = [cells: string | unknown[], createdAt: string, id: number];
export type RowBatches = AsyncIterable<ExportRow[]>;

/** Between the cells of a joined row: the unit separator, U+001F. */
export const CELL_SEPARATOR = '\u001f';

/** Rows per batch handed to the CSV writer (a batch is formatted without awaiting). */
const BATCH_ROWS = 500;
/** PostgreSQL: rows per keyset page. */
const PAGE_ROWS = 5_000;

export interface ExportQuery {
  /** SQLite: a read-only connection of the export's own; absent: keyset pages. */
  openReader?: (() => SqliteDatabase.Database) | undefined;
  /** The whole export as one statement, newest first: (joined cells, created_at, id). */
  joined(): CompiledQuery;
  /** The cells of one row, as values (when a value holds CELL_SEPARATOR itself). */
  byId(id: number): CompiledQuery;
  /** The same, for the keyset pages (not on the reader). */
  valuesById(id: number): Promise<unknown[] | undefined>;
  /** The next `size` rows after `cursor`, newest first, cells joined. */
  page(
    cursor: Cursor | undefined,
    size: number,
  ): Promise<{ cells: string; created_at: string; id: number }[]>;
  /** Cells per row. */
  width: number;
}

export function exportBatches(query: ExportQuery): RowBatches {
  return query.openReader ? statementBatches(query.openReader, query) : keysetBatches(query);
}

/** How many times CELL_SEPARATOR occurs in `text`. */
function separators(text: string): number {
  let count = 0;
  for (let at = text.indexOf(CELL_SEPARATOR); at !== -1; at = text.indexOf(CELL_SEPARATOR, at + 1))
    count++;
  return count;
}

/**
 * One statement, stepped by better-sqlite3 as the CSV is consumed. Its connection is its own
 * and read-only: a long read holds a snapshot, which must not be the shared connection's
 * (admin writes there would fail against it); lead writes go on meanwhile (WAL).
 */
async function* statementBatches(
  openReader: () => SqliteDatabase.Database,
  query: ExportQuery,
): RowBatches {
  const reader = openReader();
  try {
    const { sql, parameters } = query.joined();
    const rows = reader
      .prepare(sql)
      .raw(true)
      .iterate(...(parameters as unknown[])) as IterableIterator<ExportRow>;
    let batch: ExportRow[] = [];
    // Leaving the loop early (the client went away) ends the statement.
    for (const row of rows) {
      // A value that contains the separator would shift the cells: read that row's values.
      if (separators(row[0] as string) !== query.width - 1) {
        const single = query.byId(row[2]);
        const cells = reader
          .prepare(single.sql)
          .raw(true)
          .get(...(single.parameters as unknown[])) as unknown[] | undefined;
        if (!cells) continue;
        row[0] = cells;
      }
      batch.push(row);
      if (batch.length === BATCH_ROWS) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length > 0) yield batch;
  } finally {
    reader.close();
  }
}

/** Keyset pages: the pool's connections are free between pages. */
async function* keysetBatches(query: ExportQuery): RowBatches {
  let cursor: Cursor | undefined;
  for (;;) {
    const page = await query.page(cursor, PAGE_ROWS);
    const rows: ExportRow[] = [];
    for (const { cells, created_at, id } of page) {
      if (separators(cells) === query.width - 1) rows.push([cells, created_at, id]);
      else {
        const values = await query.valuesById(id);
        if (values) rows.push([values, created_at, id]);
      }
    }
    if (rows.length > 0) yield rows;
    const last = page[page.length - 1];
    if (!last || page.length < PAGE_ROWS) return;
    cursor = { createdAt: last.created_at, id: last.id };
  }
}
