import type SqliteDatabase from 'better-sqlite3';
import type { CompiledQuery } from 'kysely';
import type { Cursor } from './lead-search';

/*
 * Reading a whole tab for an export (docs/decisions/022 and 025). The rows come as arrays of
 * the selected values, in batches, newest first; each row carries its (created_at, id) after
 * the exported values, for keyset paging and for merging two exports by date.
 */

/** Rows as arrays: `width` exported values, then created_at and id. */
export type RowBatches = AsyncIterable<unknown[][]>;

/** Rows per batch handed to the CSV writer (a batch is formatted without awaiting). */
const BATCH_ROWS = 500;
/** PostgreSQL: rows per keyset page. */
const PAGE_ROWS = 5_000;

export interface ExportQuery {
  /** SQLite: a read-only connection of the export's own; absent: keyset pages. */
  openReader?: (() => SqliteDatabase.Database) | undefined;
  /** The whole export as one statement, newest first. */
  whole(): CompiledQuery;
  /** The next `size` rows after `cursor` (newest first), as objects in selection order. */
  page(cursor: Cursor | undefined, size: number): Promise<Record<string, unknown>[]>;
  width: number;
}

export function exportBatches(query: ExportQuery): RowBatches {
  return query.openReader
    ? statementBatches(query.openReader, query.whole())
    : keysetBatches(query);
}

/**
 * One statement, stepped by better-sqlite3 as the CSV is consumed. Its connection is its own
 * and read-only: a long read holds a snapshot, which must not be the shared connection's
 * (admin writes there would fail against it); lead writes go on meanwhile (WAL).
 */
async function* statementBatches(
  openReader: () => SqliteDatabase.Database,
  compiled: CompiledQuery,
): RowBatches {
  const reader = openReader();
  try {
    const rows = reader
      .prepare(compiled.sql)
      .raw(true)
      .iterate(...(compiled.parameters as unknown[])) as IterableIterator<unknown[]>;
    let batch: unknown[][] = [];
    // Leaving the loop early (the client went away) ends the statement.
    for (const row of rows) {
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
    const rows = (await query.page(cursor, PAGE_ROWS)).map((row) => Object.values(row));
    if (rows.length > 0) yield rows;
    const last = rows[rows.length - 1];
    if (!last || rows.length < PAGE_ROWS) return;
    cursor = { createdAt: String(last[query.width]), id: Number(last[query.width + 1]) };
  }
}
