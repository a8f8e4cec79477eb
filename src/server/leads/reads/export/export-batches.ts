import type { Cursor } from '../cursor';

/*
 * A whole tab for an export, newest first, in batches (docs/decisions/022, 024). A row is [cells,
 * created_at, id], its cells one text joined by CELL_SEPARATOR (the drivers convert one long text
 * much faster than many); a row whose values hold the separator comes as an array.
 */

export type ExportRow = [cells: string | unknown[], createdAt: string, id: number];
export type RowBatches = AsyncIterable<ExportRow[]>;

/** Between the cells of a joined row: the unit separator, U+001F. */
export const CELL_SEPARATOR = '\u001f';

/**
 * Rows per keyset page: a page is read and formatted without a turn of the event loop between,
 * so this bounds how long the export holds it at a time (a lead POST waits at most that).
 */
export const PAGE_ROWS = 200;

export interface ExportQuery {
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

/** How many times CELL_SEPARATOR occurs in `text`. */
function separators(text: string): number {
  let count = 0;
  for (let at = text.indexOf(CELL_SEPARATOR); at !== -1; at = text.indexOf(CELL_SEPARATOR, at + 1))
    count++;
  return count;
}

/**
 * Keyset pages, newest first. Between pages the event loop takes a turn (lead POSTs, pages),
 * and the pool's connections are free.
 */
export async function* exportBatches(query: ExportQuery): RowBatches {
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
    await new Promise((resolve) => setImmediate(resolve));
  }
}
