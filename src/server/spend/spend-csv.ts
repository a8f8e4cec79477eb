import { parse } from 'csv-parse/sync';
import { isCalendarDay } from '@shared/admin-funnel';
import { isCurrency, toMinorUnits } from './money';
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

/** The upload's rows (a header first, any column order); a problem throws SpendCsvError. */
export function parseSpendCsv(text: string): SpendRow[] {
  let records: { record: Record<string, string>; info: { lines: number } }[];
  try {
    records = parse(text.replace(/^\uFEFF/, ''), {
      columns: (header: string[]) => header.map((name) => name.trim().toLowerCase()),
      skip_empty_lines: true,
      trim: true,
      info: true,
    });
  } catch (error) {
    const line = (error as { lines?: number }).lines ?? 1;
    throw new SpendCsvError(
      line,
      null,
      'not valid CSV (a quote left open, or a row with too many or too few values)',
    );
  }
  if (records.length === 0)
    throw new SpendCsvError(
      1,
      null,
      `a header row (${SPEND_CSV_COLUMNS.join(',')}) and at least one row`,
    );
  const missing = SPEND_CSV_COLUMNS.find((column) => !(column in records[0]!.record));
  if (missing) throw new SpendCsvError(1, missing, `the header row has no ${missing} column`);
  const seen = new Set<string>();
  return records.map(({ record, info }) => {
    const row = info.lines;
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
  });
}
