import { DAY_MS, isoDay } from '@shared/calendar-day';
import type { DialectName } from './migration-runner';

/*
 * A report reads in turns (decision 105): better-sqlite3 answers on the main thread, so statements
 * run back to back, or one over two years of rows, would hold every other request meanwhile.
 */

/** Days one statement reads: a month of visits at the daily cap took 15-25 ms of CPU, a week 4-5. */
const DAYS_PER_READ = 7;

/** Runs `query` once the event loop has served what was waiting. */
export async function inTurn<T>(query: () => Promise<T>): Promise<T> {
  await new Promise((resolve) => setImmediate(resolve));
  return query();
}

/** A range of UTC days, both included (YYYY-MM-DD). */
export interface DayRange {
  from: string;
  to: string;
  /** Days one statement reads (readDays); a week unless said. */
  daysPerRead?: number | undefined;
}

/** Days one statement reads: PostgreSQL answers off the main thread, so the whole range. */
export const readDays = (dialect: DialectName) =>
  dialect === 'postgres' ? Number.POSITIVE_INFINITY : DAYS_PER_READ;

/** The rows of `read` over `range`, a week (or its daysPerRead) at a time, each read in turn. */
export async function* readByWeeks<Row>(
  range: DayRange,
  read: (piece: DayRange) => Promise<Row[]>,
): AsyncGenerator<Row[]> {
  const last = Date.parse(`${range.to}T00:00:00.000Z`);
  const days = range.daysPerRead ?? DAYS_PER_READ;
  for (let start = Date.parse(`${range.from}T00:00:00.000Z`); start <= last;) {
    const end = Math.min(start + (days - 1) * DAY_MS, last);
    yield await inTurn(() => read({ from: isoDay(start), to: isoDay(end) }));
    start = end + DAY_MS;
  }
}

/** The `count` first in `order` of `batches`, a few thousand a turn (keys may be 100,000s). */
export async function firstInTurns<T>(
  batches: AsyncIterable<T[]>,
  count: number,
  order: (a: T, b: T) => number,
): Promise<T[]> {
  let first: T[] = [];
  for await (const batch of batches) {
    for (let at = 0; at < batch.length; at += 5_000) {
      first = [...first, ...batch.slice(at, at + 5_000)].sort(order).slice(0, count);
      await inTurn(async () => undefined);
    }
  }
  return first;
}
