import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openDatabase,
  tablesOf,
  type DatabaseConnection,
} from '../../../platform/database/connection';
import {
  addressCounterMigrations,
  AddressCounters,
  secondsLeft,
  type AddressCounterTables,
} from './address-counters';
import { addressKeyOf } from '../../../platform/http/address-key';

/** The key of a request from `ip`, as the routes count it. */
const key = (ip: string) => addressKeyOf({ ip });
const start = Date.UTC(2026, 10, 23, 12, 0, 0);

describe('per-address minute counters (on a SQLite file; both databases in tests/api/spam.test.ts)', () => {
  let dataDir: string;
  let database: DatabaseConnection;
  let counters: AddressCounters;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'tb-counters-'));
    database = await openDatabase({
      dataDir,
      migrations: [],
      ephemeralMigrations: [addressCounterMigrations],
    });
    counters = new AddressCounters(
      tablesOf<AddressCounterTables>(database.ephemeral),
      Buffer.alloc(32, 1),
      (error) => {
        throw error;
      },
    );
  });

  afterAll(async () => {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('counts each address and each kind on its own, within the minute', async () => {
    expect(await counters.add(key('a'), 'valid', start)).toEqual({
      request: 0,
      invalid: 0,
      valid: 1,
      beacon: 0,
    });
    expect((await counters.add(key('a'), 'valid', start + 59_999)).valid).toBe(2);
    expect(await counters.add(key('a'), 'invalid', start)).toEqual({
      request: 0,
      invalid: 1,
      valid: 2,
      beacon: 0,
    });
    expect((await counters.add(key('b'), 'valid', start)).valid).toBe(1);
  });

  it('counts an IPv6 /64 as one address, and quarantined forms by the day', async () => {
    await counters.add(key('2001:db8:5:6::1'), 'beacon', start);
    expect((await counters.add(key('2001:db8:5:6::2'), 'beacon', start)).beacon).toBe(2);
    expect((await counters.add(key('2001:db8:5:7::1'), 'beacon', start)).beacon).toBe(1);
    expect(await counters.addQuarantined(key('2001:db8:5:6::1'), start)).toBe(1);
    expect(await counters.addQuarantined(key('2001:db8:5:6::3'), start + 3_600_000)).toBe(2);
    expect(await counters.addQuarantined(key('2001:db8:5:6::3'), start + 86_400_000)).toBe(1);
  });

  it('starts again the next minute, forgets older minutes, and says how long until then', async () => {
    await counters.add(key('c'), 'request', start);
    expect((await counters.add(key('c'), 'request', start + 60_000)).request).toBe(1);
    await counters.add(key('c'), 'request', start + 120_000);
    const rows = await tablesOf<AddressCounterTables>(database.ephemeral)
      .selectFrom('lead_address_counts')
      .select('minute')
      .distinct()
      .orderBy('minute')
      .execute();
    // The minute before the current one stays (a count may still arrive for it), none older.
    expect(rows.map((row) => row.minute * 60_000 - start)).toEqual([60_000, 120_000]);
    expect(secondsLeft(start + 45_500)).toBe(15);
    expect(secondsLeft(start + 59_999)).toBe(1);
  });
});
