import { describe, expect, it } from 'vitest';
import { CELL_SEPARATOR } from './export-batches';
import { csvCell, csvJoinedRow, csvRow } from './csv';

describe('csv', () => {
  it('quotes every cell, doubles quotes and neutralises formula starts', () => {
    expect(csvCell(null)).toBe('""');
    expect(csvCell(42)).toBe('"42"');
    expect(csvCell('O"Brien')).toBe('"O""Brien"');
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      expect(csvCell(`${start}1`)).toBe(`"'${start}1"`);
    }
    expect(csvCell('a=1')).toBe('"a=1"');
    expect(csvRow(['a', null, 3])).toBe('"a","","3"\r\n');
  });

  it('makes the same line from joined cells as from the values', () => {
    const rows = [
      ['1', 'Zoë', 'Müller', 'line one\nline "two"', ''],
      ['=HYPERLINK("x")', '+1 555', '-2+3', '@SUM(A1)', '\tTabbed'],
      ['\rreturn', '', '', '""', 'a,b'],
      [''],
      ['=', '=='],
    ];
    for (const cells of rows) {
      expect(csvJoinedRow(cells.join(CELL_SEPARATOR))).toBe(csvRow(cells));
    }
  });
});
