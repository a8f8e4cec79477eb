import type { CompiledQuery } from 'kysely';
import type { Cursor } from '../queries/cursor';

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

/**
 * Rows per batch handed to the CSV writer: a batch is formatted without awaiting, so this
 * bounds how long the export holds the event loop at a time (a lead POST waits at most that).
 */
const BATCH_ROWS = 500;
/** PostgreSQL: rows per keyset page. */
const PAGE_ROWS = 5_000;

export interface ExportQuery {
  /**
   * SQLite: the rows of one statement, read off the event loop on the reader thread
   * (platform/database/reader-thread.ts); absent: keyset pages.
   */
  stream?: ((query: CompiledQuery, batchRows: number) => AsyncIterable<unknown[][]>) | undefined;
  /** The whole export as one statement, newest first: (joined cells, created_at, id). */
  joined(): CompiledQuery;
  /** The cells of one row, as values (when a value holds CELL_SEPARATOR itself). */
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
  return query.stream ? statementBatches(query.stream, query) : keysetBatches(query);
}

/** How many times CELL_SEPARATOR occurs in `text`. */
function separators(text: string): number {
  let count = 0;
  for (let at = text.indexOf(CELL_SEPARATOR); at !== -1; at = text.indexOf(CELL_SEPARATOR, at + 1))
    count++;
  return count;
}

/**
 * One statement, stepped on the reader thread as the CSV is consumed, on a read-only
 * connection of its own: a long read holds a snapshot, which must not be the shared
 * connection's; lead writes go on meanwhile (WAL).
 */
async function* statementBatches(
  stream: NonNullable<ExportQuery['stream']>,
  query: ExportQuery,
): RowBatches {
  // Leaving the loop early (the client went away) ends the statement.
  for await (const rows of stream(query.joined(), BATCH_ROWS)) {
    const batch: ExportRow[] = [];
    for (const row of rows as ExportRow[]) {
      // A value that contains the separator would shift the cells: read that row's values.
      if (separators(row[0] as string) !== query.width - 1) {
        const cells = await query.valuesById(row[2]);
        if (!cells) continue;
        row[0] = cells;
      }
      batch.push(row);
    }
    if (batch.length > 0) yield batch;
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
