import { describe, expect, it } from 'vitest';
import { CELL_SEPARATOR, type ExportRow, type RowBatches } from './export-batches';
import { BOM, csvChunks, csvLines } from './csv';

async function text(headers: string[], rows: ExportRow[]): Promise<string> {
  async function* batches(): RowBatches {
    yield rows;
  }
  let out = '';
  for await (const chunk of csvChunks(headers, batches())) out += chunk;
  return out;
}

describe('csv', () => {
  it('quotes every cell, doubles quotes and neutralises formula starts', () => {
    expect(csvLines([[null]])).toBe('""\r\n');
    expect(csvLines([[42]])).toBe('"42"\r\n');
    expect(csvLines([['O"Brien']])).toBe('"O""Brien"\r\n');
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      expect(csvLines([[`${start}1`]])).toBe(`"'${start}1"\r\n`);
    }
    expect(csvLines([['a=1']])).toBe('"a=1"\r\n');
    expect(csvLines([['a', null, 3]])).toBe('"a","","3"\r\n');
    expect(csvLines([['a', 'b', 'c']], 2)).toBe('"a","b"\r\n');
  });

  it('makes the same lines from joined cells as from the values, after a BOM and the header', async () => {
    const rows = [
      ['1', 'Zoë', 'Müller', 'line one\nline "two"', ''],
      ['=HYPERLINK("x")', '+1 555', '-2+3', '@SUM(A1)', '\tTabbed'],
      ['\rreturn', '', '', '""', 'a,b'],
      ['', '', '', '', ''],
      ['=', '==', '', '', ''],
    ];
    const headers = ['a', 'b', 'c', 'd', 'e'];
    const joined = await text(
      headers,
      rows.map((cells, id) => [cells.join(CELL_SEPARATOR), '', id]),
    );
    expect(joined).toBe(
      await text(
        headers,
        rows.map((cells, id) => [cells, '', id]),
      ),
    );
    expect(joined).toBe(BOM + csvLines([headers, ...rows]));
    expect(joined).toContain(`"'=HYPERLINK(""x"")","'+1 555","'-2+3","'@SUM(A1)","'\tTabbed"\r\n`);
  });
});
