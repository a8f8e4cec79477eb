import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { CompiledQuery } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SQLITE_FILE_NAME } from './connection';
import { ReaderThread } from './reader-thread';

// The thread loads the TypeScript sources through tsx: slow on a busy machine.
describe('ReaderThread', { timeout: 60_000 }, () => {
  let dataDir: string;
  let reader: ReaderThread;

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'tb-reader-'));
    const file = new SqliteDatabase(path.join(dataDir, SQLITE_FILE_NAME));
    file.pragma('journal_mode = WAL');
    file.exec('create table t (n integer primary key, label text)');
    const insert = file.prepare('insert into t values (?, ?)');
    file.transaction(() => {
      for (let n = 1; n <= 1_050; n++) insert.run(n, `row ${n}`);
    })();
    file.close();
    reader = new ReaderThread(dataDir);
    await reader.start();
  }, 60_000);

  afterEach(async () => {
    await reader.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('answers a compiled query with its rows, as objects', async () => {
    const rows = await reader.read(CompiledQuery.raw('select n, label from t where n <= ?', [2]));
    expect(rows).toEqual([
      { n: 1, label: 'row 1' },
      { n: 2, label: 'row 2' },
    ]);
  });

  it('streams one statement as arrays, in batches, to its end', async () => {
    const sizes: number[] = [];
    let last: unknown;
    for await (const batch of reader.stream(CompiledQuery.raw('select n from t order by n'), 500)) {
      sizes.push(batch.length);
      last = batch.at(-1);
    }
    expect(sizes).toEqual([500, 500, 50]);
    expect(last).toEqual([1_050]);
  });

  it('ends a stream left early, and goes on answering', async () => {
    for await (const batch of reader.stream(CompiledQuery.raw('select n from t order by n'), 10)) {
      expect(batch[0]).toEqual([1]);
      break;
    }
    expect(await reader.read(CompiledQuery.raw('select count(*) as n from t'))).toEqual([
      { n: 1_050 },
    ]);
  });

  it("passes a failed read's error back (message only) and goes on answering", async () => {
    await expect(reader.read(CompiledQuery.raw('select * from missing'))).rejects.toThrow(
      'no such table: missing',
    );
    await expect(reader.read(CompiledQuery.raw('select 1 as one'))).resolves.toEqual([{ one: 1 }]);
  });

  it('refuses reads once closed', async () => {
    await reader.close();
    await expect(reader.read(CompiledQuery.raw('select 1'))).rejects.toThrow(
      'the SQLite reader is closed',
    );
  });
});
