import { CELL_SEPARATOR, type RowBatches } from './export-batches';

/*
 * CSV as RFC 4180 (every field quoted, quotes doubled, CRLF line ends), UTF-8 with a byte
 * order mark so spreadsheets read accents right, and cells neutralised against formula
 * injection as OWASP recommends (docs/decisions/022). An export formats hundreds of thousands
 * of rows, so cells are built with plain string operations, and lines are sent in chunks.
 */

export const BOM = '\uFEFF';

/** Characters a spreadsheet takes as the start of a formula: = + - @ tab, carriage return. */
const FORMULA_START = new Set([0x3d, 0x2b, 0x2d, 0x40, 0x09, 0x0d]);

/** Lines are sent once this many characters are ready (~64 KB and more). */
const CHUNK_CHARS = 64 * 1024;

export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '""';
  let text = typeof value === 'string' ? value : String(value);
  // OWASP: prefix a single quote so the cell is shown as text, never evaluated.
  if (FORMULA_START.has(text.charCodeAt(0))) text = `'${text}`;
  return text.includes('"') ? `"${text.replaceAll('"', '""')}"` : `"${text}"`;
}

/** One line: the first `width` values (all by default), CRLF-terminated. */
export function csvRow(values: readonly unknown[], width = values.length): string {
  let line = width > 0 ? csvCell(values[0]) : '';
  for (let i = 1; i < width; i++) line += `,${csvCell(values[i])}`;
  return `${line}\r\n`;
}

/** A formula character at the start of a cell of a joined row (see export-batches.ts). */
const FORMULA_CELL = new RegExp(`(^|${CELL_SEPARATOR})([=+\\-@\\t\\r])`, 'g');

/**
 * One line from cells joined by CELL_SEPARATOR: the same text as csvRow of the cells, made
 * with three passes over the line instead of one string per cell.
 */
export function csvJoinedRow(cells: string): string {
  const safe = cells.replace(FORMULA_CELL, "$1'$2");
  const quoted = safe.includes('"') ? safe.replaceAll('"', '""') : safe;
  return `"${quoted.replaceAll(CELL_SEPARATOR, '","')}"\r\n`;
}

/**
 * The whole file as a stream of strings: BOM and header first, then the rows' first
 * cells, in chunks of at least CHUNK_CHARS characters (fewer writes; the
 * stream reading these waits for the client, so memory stays flat).
 */
export async function* csvChunks(
  headers: readonly string[],
  batches: RowBatches,
): AsyncGenerator<string> {
  let chunk = BOM + csvRow(headers);
  for await (const batch of batches) {
    for (const [cells] of batch) {
      chunk += typeof cells === 'string' ? csvJoinedRow(cells) : csvRow(cells, headers.length);
    }
    if (chunk.length >= CHUNK_CHARS) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}
