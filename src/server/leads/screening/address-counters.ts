/*
 * Per-address counts of lead requests in the current minute (decision 095), behind a small
 * interface: in memory on SQLite (one process owns the file), in the database on PostgreSQL
 * so that every instance counts toward one limit (address-counters-postgres.ts, decision 120).
 */

export type CountKind = 'request' | 'invalid' | 'valid';

/** The minute's counts of one address so far. */
export type Counts = Readonly<Record<CountKind, number>>;

export interface AddressCounters {
  /** Adds one `kind` for `address` and answers the minute's counts so far (this one included). */
  add(address: string, kind: CountKind, nowMs: number): Promise<Counts>;
}

export const MINUTE_MS = 60_000;

/** The fixed one-minute window that `nowMs` falls in (minutes since the epoch). */
export const minuteOf = (nowMs: number): number => Math.floor(nowMs / MINUTE_MS);

/** Seconds until the minute that `nowMs` falls in ends (Retry-After). */
export const secondsLeft = (nowMs: number): number =>
  Math.max(1, Math.ceil((MINUTE_MS - (nowMs % MINUTE_MS)) / 1000));

/**
 * Fixed one-minute windows in this process's memory; the whole table is dropped when a new
 * minute starts, so it never holds more than one minute's addresses.
 */
export class MinuteCounters implements AddressCounters {
  private minute = -1;
  private counts = new Map<string, Record<CountKind, number>>();

  add(address: string, kind: CountKind, nowMs: number): Promise<Counts> {
    const minute = minuteOf(nowMs);
    if (minute !== this.minute) {
      this.minute = minute;
      this.counts = new Map();
    }
    let entry = this.counts.get(address);
    if (!entry) {
      entry = { request: 0, invalid: 0, valid: 0 };
      this.counts.set(address, entry);
    }
    entry[kind] += 1;
    return Promise.resolve({ ...entry });
  }
}
