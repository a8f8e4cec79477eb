import { finished } from 'node:stream/promises';
import { parse } from 'csv-parse';
import { isCalendarDay } from '@shared/calendar-day';
import { isCurrency, MAX_AMOUNT_MINOR, toDecimal, toMinorUnits } from './money';
import type { SpendRow } from './spend-store';

/** The columns of this project's template, in its header row. */
export const SPEND_CSV_COLUMNS = ['date', 'source', 'campaign', 'spend', 'currency'] as const;

/** The template a marketer fills in: the header and one example row. */
export const SPEND_CSV_TEMPLATE = `${SPEND_CSV_COLUMNS.join(',')}\n2026-01-05,facebook,spring-intake,125.50,USD\n`;

/** The source of the spend in an Ads Manager export: what Meta's URL parameters say. */
const ADS_MANAGER_SOURCE = 'facebook';

/** What is wrong with an upload: the file's line (the header is line 1) and its column, as named there. */
export class SpendCsvError extends Error {
  constructor(
    readonly row: number,
    readonly column: string | null,
    problem: string,
  ) {
    super(column ? `Row ${row}, column ${column}: ${problem}` : `Row ${row}: ${problem}`);
  }
}

type Field = 'date' | 'source' | 'campaign' | 'campaignName' | 'spend' | 'currency';
/** Where each field of a row stands: a column of the header, or a value the whole file shares. */
type Layout = Record<Field, { column: string; blank?: string } | { value: string }>;

/**
 * The layout the header names: the template's (any column order), or Meta Ads Manager's daily
 * campaign export (`Day`, `Campaign name`, `Amount spent (USD)`, maybe `Campaign ID`; the
 * other columns it carries are left alone).
 */
function layoutOf(header: readonly string[]): Layout {
  const named = (lower: string) => header.find((name) => name.toLowerCase() === lower);
  const amount = header.find((name) => /^amount spent \([a-z]{3}\)$/i.test(name));
  const day = named('day');
  const campaignName = named('campaign name');
  if (day && campaignName && amount) {
    const campaignId = named('campaign id');
    return {
      date: { column: day },
      source: { value: ADS_MANAGER_SOURCE },
      campaign: { column: campaignId ?? campaignName },
      campaignName: { column: campaignName },
      // Ads Manager leaves the amount blank on a day a campaign spent nothing.
      spend: { column: amount, blank: '0' },
      currency: { value: amount.slice(-4, -1).toUpperCase() },
    };
  }
  const missing = SPEND_CSV_COLUMNS.find((column) => !named(column));
  if (missing)
    throw new SpendCsvError(
      1,
      missing,
      `the header row has no ${missing} column (the template's header is ` +
        `${SPEND_CSV_COLUMNS.join(',')}; an Ads Manager export has Day, Campaign name and Amount spent)`,
    );
  const columns = SPEND_CSV_COLUMNS.map((name) => [name, { column: named(name)! }] as const);
  const layout = Object.fromEntries(columns) as Omit<Layout, 'campaignName'>;
  return { ...layout, campaignName: layout.campaign };
}

/** A campaign's name, source or utm_campaign, in the CSV and in a mapping alike. */
export const VALUE_MAX = 200;

/** Characters parsed at a time: a few milliseconds, then other requests are served. */
const CHUNK = 16 * 1024;

type Parsed = { record: Record<string, string>; info: { lines: number } };

const invalid = (error: unknown) =>
  new SpendCsvError(
    (error as { lines?: number }).lines ?? 1,
    null,
    'not valid CSV (a quote left open, or a row with too many or too few values)',
  );

/** The records a chunk at a time, serving the event loop between: 16 MB at once held it seconds. */
async function* recordBatches(text: string): AsyncGenerator<Parsed[]> {
  const parser = parse({
    columns: (header: string[]) => header.map((name) => name.trim()),
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
  let layout: Layout | undefined;
  for await (const batch of recordBatches(text)) {
    for (const { record, info } of batch) {
      layout ??= layoutOf(Object.keys(record));
      rows.push(spendRow(record, info.lines, layout, seen));
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
function spendRow(
  record: Record<string, string>,
  row: number,
  layout: Layout,
  seen: Set<string>,
): SpendRow {
  const fail = (field: Field, problem: string) => {
    const place = layout[field];
    return new SpendCsvError(row, 'column' in place ? place.column : null, problem);
  };
  const value = (field: Field) => {
    const place = layout[field];
    if ('value' in place) return place.value;
    const text = record[place.column] || place.blank || '';
    if (!text) throw fail(field, 'empty');
    if (text.length > VALUE_MAX) throw fail(field, `longer than ${VALUE_MAX} characters`);
    return text;
  };
  const day = value('date');
  if (!isCalendarDay(day)) throw fail('date', 'a date as YYYY-MM-DD');
  const source = value('source');
  const campaign = value('campaign');
  const currency = value('currency').toUpperCase();
  if (!isCurrency(currency)) throw fail('currency', 'an ISO 4217 code such as USD');
  const amountMinor = toMinorUnits(value('spend'), currency);
  if (amountMinor === undefined)
    throw fail('spend', `an amount such as 12.34, with at most the decimals ${currency} has`);
  if (amountMinor > MAX_AMOUNT_MINOR) {
    const most = toDecimal(MAX_AMOUNT_MINOR, currency);
    throw fail('spend', `at most ${most} ${currency} a row (a day of one campaign)`);
  }
  const key = JSON.stringify([day, source, campaign]);
  if (seen.has(key))
    throw new SpendCsvError(row, null, 'the same date, source and campaign as an earlier row');
  seen.add(key);
  return {
    day,
    source,
    campaign,
    campaignName: value('campaignName'),
    currency,
    amountMinor,
    impressions: null,
    clicks: null,
  };
}
