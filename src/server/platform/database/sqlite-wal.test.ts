import { mkdtemp, open, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { walSyncedKysely } from './sqlite-wal';

interface Tables {
  t: { n: number };
}

describe('walSyncedKysely', () => {
  let dir: string;
  let db: Kysely<Tables>;
  let datasync: ReturnType<typeof vi.spyOn>;

  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'tb-wal-'));
    const file = new SqliteDatabase(path.join(dir, 'db.sqlite'));
    file.pragma('journal_mode = WAL');
    file.pragma('synchronous = NORMAL');
    db = walSyncedKysely<Tables>(file);
    await sql`create table t (n integer)`.execute(db);
    // Node's FileHandle, observed (not replaced): every fdatasync still reaches the disk.
    const probe = await open(path.join(dir, 'db.sqlite'), 'r');
    datasync = vi.spyOn(Object.getPrototypeOf(probe) as { datasync(): Promise<void> }, 'datasync');
    await probe.close();
  });

  afterEach(async () => {
    datasync.mockRestore();
    await db.destroy();
    await rm(dir, { recursive: true, force: true });
  });

  it('answers a write outside a transaction only after syncing the WAL', async () => {
    await db.insertInto('t').values({ n: 1 }).execute();
    expect(datasync).toHaveBeenCalledTimes(1);
    await db.insertInto('t').values({ n: 2 }).returning('n').execute();
    expect(datasync).toHaveBeenCalledTimes(2);
  });

  it('syncs a transaction once, at its commit, and never for a read', async () => {
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('t').values({ n: 1 }).execute();
      await trx.insertInto('t').values({ n: 2 }).execute();
      expect(datasync).not.toHaveBeenCalled();
    });
    expect(datasync).toHaveBeenCalledTimes(1);
    expect(await db.selectFrom('t').select('n').execute()).toEqual([{ n: 1 }, { n: 2 }]);
    expect(datasync).toHaveBeenCalledTimes(1);
  });

  it('checkpoints rarely: the WAL holds 10,000 pages before SQLite copies it back', async () => {
    const { wal_autocheckpoint } = (
      await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(db)
    ).rows[0]!;
    expect(wal_autocheckpoint).toBe(10_000);
  });
});
