/*
 * Per-address counts of lead requests in the current minute (decision 095), behind a small
 * interface so they can move to the database (issue 13) without touching the routes. Counted
 * in memory per instance for now: several instances each allow the limits.
 */

export type CountKind = 'request' | 'invalid' | 'valid';

export interface AddressCounters {
  /** Adds one `kind` for `address` and answers the minute's count so far (this one included). */
  add(address: string, kind: CountKind, nowMs: number): number;
  /** The minute's count of `kind` for `address` so far. */
  count(address: string, kind: CountKind, nowMs: number): number;
  /** Seconds until the minute that `nowMs` falls in ends (Retry-After). */
  secondsLeft(nowMs: number): number;
}

const MINUTE_MS = 60_000;

/**
 * Fixed one-minute windows; the whole table is dropped when a new minute starts, so it never
 * holds more than one minute's addresses.
 */
export class MinuteCounters implements AddressCounters {
  private minute = -1;
  private counts = new Map<string, Record<CountKind, number>>();

  add(address: string, kind: CountKind, nowMs: number): number {
    this.roll(nowMs);
    let entry = this.counts.get(address);
    if (!entry) {
      entry = { request: 0, invalid: 0, valid: 0 };
      this.counts.set(address, entry);
    }
    entry[kind] += 1;
    return entry[kind];
  }

  count(address: string, kind: CountKind, nowMs: number): number {
    this.roll(nowMs);
    return this.counts.get(address)?.[kind] ?? 0;
  }

  secondsLeft(nowMs: number): number {
    return Math.max(1, Math.ceil((MINUTE_MS - (nowMs % MINUTE_MS)) / 1000));
  }

  private roll(nowMs: number): void {
    const minute = Math.floor(nowMs / MINUTE_MS);
    if (minute !== this.minute) {
      this.minute = minute;
      this.counts = new Map();
    }
  }
}
