import { stringify } from 'csv-stringify/sync';
import { CELL_SEPARATOR, type RowBatches } from './export-batches';

/* RFC 4180 CSV with a BOM; cells neutralised against formula injection (decision 022). */

export const BOM = '\uFEFF';

/** A cell a spreadsheet would take as a formula: starting with = + - @ tab or carriage return. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Lines are sent once this many characters are ready (~64 KB and more). */
const CHUNK_CHARS = 64 * 1024;

function neutralised(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** CRLF-terminated lines of the rows' first `width` values. */
export function csvLines(rows: readonly (readonly unknown[])[], width?: number): string {
  return stringify(
    rows.map((row) => row.slice(0, width).map(neutralised)),
    { quoted: true, quoted_empty: true, record_delimiter: 'windows' },
  );
}

/** The file in chunks of CHUNK_CHARS or more; the reader waits for the client. */
export async function* csvChunks(
  headers: readonly string[],
  batches: RowBatches,
): AsyncGenerator<string> {
  let chunk = BOM + csvLines([headers]);
  for await (const batch of batches) {
    const rows = batch.map(([cells]) =>
      typeof cells === 'string' ? cells.split(CELL_SEPARATOR) : cells,
    );
    chunk += csvLines(rows, headers.length);
    if (chunk.length >= CHUNK_CHARS) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}
