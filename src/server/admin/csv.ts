/*
 * CSV as RFC 4180 (every field quoted, quotes doubled, CRLF line ends), UTF-8 with a byte
 * order mark so spreadsheets read accents right, and cells neutralised against formula
 * injection as OWASP recommends (docs/decisions/022).
 */

export const BOM = '\uFEFF';

/** A cell a spreadsheet would run as a formula starts with one of these. */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  // OWASP: prefix a single quote so the cell is shown as text, never evaluated.
  if (FORMULA_START.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

export const csvRow = (values: readonly unknown[]): string =>
  `${values.map(csvCell).join(',')}\r\n`;

export interface CsvColumn<Row> {
  header: string;
  value(row: Row): unknown;
}

/** The whole file as a stream of strings: BOM and header first, then one line per row. */
export async function* csvLines<Row>(
  columns: readonly CsvColumn<Row>[],
  rows: AsyncIterable<Row>,
  rowsPerChunk = 500,
): AsyncGenerator<string> {
  yield BOM + csvRow(columns.map((column) => column.header));
  let chunk = '';
  let count = 0;
  for await (const row of rows) {
    chunk += csvRow(columns.map((column) => column.value(row)));
    if (++count === rowsPerChunk) {
      yield chunk;
      chunk = '';
      count = 0;
    }
  }
  if (chunk) yield chunk;
}
