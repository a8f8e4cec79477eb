import { finished } from 'node:stream/promises';
import { parse } from 'csv-parse';
import { isCalendarDay } from '@shared/admin-funnel';
import { isCurrency, MAX_AMOUNT_MINOR, toDecimal, toMinorUnits } from './money';
import type { SpendRow } from './spend-store';

/** The upload's columns, in its header row. */
export const SPEND_CSV_COLUMNS = ['date', 'source', 'campaign', 'spend', 'currency'] as const;
type Column = (typeof SPEND_CSV_COLUMNS)[number];

/** What is wrong with an upload: the file's line (the header is line 1) and the column. */
export class SpendCsvError extends Error {
  constructor(
    readonly row: number,
    readonly column: Column | null,
    problem: string,
  ) {
    super(column ? `Row ${row}, column ${column}: ${problem}` : `Row ${row}: ${problem}`);
  }
}

const VALUE_MAX = 200;

/** Characters parsed at a time: a few milliseconds, then other requests are served. */
const CHUNK = 16 * 1024;

type Parsed = { record: Record<string, string>; info: { lines: number } };

const invalid = (error: unknown) =>
  new SpendCsvError(
    (error as { lines?: number }).lines ?? 1,
    null,
    'not valid CSV (a quote left open, or a row with too many or too few values)',
  );

/**
 * The file's records, a chunk at a time with the event loop served in between: a 16 MB file
 * parsed at once held every request for seconds (decision 165).
 */
async function* recordBatches(text: string): AsyncGenerator<Parsed[]> {
  const parser = parse({
    columns: (header: string[]) => header.map((name) => name.trim().toLowerCase()),
    skip_empty_lines: true,
    trim: true,
    info: true,
  });
  let batch: Parsed[] = [];
  let failure: unknown;
  parser.on('data', (parsed: Parsed) => batch.push(parsed));
  parser.on('error', (error) => (failure ??= error));
  const body = text.replace(/^\uFEFF/, '');
  for (let at = 0; at < body.length; at += CHUNK) {
    parser.write(body.slice(at, at + CHUNK));
    await new Promise((resolve) => setImmediate(resolve));
    if (failure) throw invalid(failure);
    yield batch;
    batch = [];
  }
  parser.end();
  // The last record is only known at the end of the file.
  await finished(parser).catch((error: unknown) => (failure ??= error));
  if (failure) throw invalid(failure);
  yield batch;
}

/** The upload's rows (a header first, any column order); a problem throws SpendCsvError. */
export async function parseSpendCsv(text: string): Promise<SpendRow[]> {
  const rows: SpendRow[] = [];
  const seen = new Set<string>();
  for await (const batch of recordBatches(text)) {
    for (const { record, info } of batch) {
      if (rows.length === 0) {
        const missing = SPEND_CSV_COLUMNS.find((column) => !(column in record));
        if (missing) throw new SpendCsvError(1, missing, `the header row has no ${missing} column`);
      }
      rows.push(spendRow(record, info.lines, seen));
    }
  }
  if (rows.length === 0)
    throw new SpendCsvError(
      1,
      null,
      `a header row (${SPEND_CSV_COLUMNS.join(',')}) and at least one row`,
    );
  return rows;
}

/** One record as a row to store; `seen` holds the keys of the rows before it. */
function spendRow(record: Record<string, string>, row: number, seen: Set<string>): SpendRow {
  const value = (column: Column) => {
    const text = record[column] ?? '';
    if (!text) throw new SpendCsvError(row, column, 'empty');
    if (text.length > VALUE_MAX)
      throw new SpendCsvError(row, column, `longer than ${VALUE_MAX} characters`);
    return text;
  };
  const day = value('date');
  if (!isCalendarDay(day)) throw new SpendCsvError(row, 'date', 'a date as YYYY-MM-DD');
  const source = value('source');
  const campaign = value('campaign');
  const currency = value('currency').toUpperCase();
  if (!isCurrency(currency))
    throw new SpendCsvError(row, 'currency', 'an ISO 4217 code such as USD');
  const amountMinor = toMinorUnits(value('spend'), currency);
  if (amountMinor === undefined)
    throw new SpendCsvError(
      row,
      'spend',
      `an amount such as 12.34, with at most the decimals ${currency} has`,
    );
  if (amountMinor > MAX_AMOUNT_MINOR)
    throw new SpendCsvError(
      row,
      'spend',
      `at most ${toDecimal(MAX_AMOUNT_MINOR, currency)} ${currency} a row (a day of one campaign)`,
    );
  const key = JSON.stringify([day, source, campaign]);
  if (seen.has(key))
    throw new SpendCsvError(row, null, 'the same date, source and campaign as an earlier row');
  seen.add(key);
  return {
    day,
    source,
    campaign,
    campaignName: campaign,
    currency,
    amountMinor,
    impressions: null,
    clicks: null,
  };
}
