import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect, type Generated } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tablesOf } from './connection';
import type { HealthProbeTables } from './health-probe';
import { WriteQueue } from './write-queue';

interface TestDb {
  items: { id: Generated<number>; label: string };
}

describe('WriteQueue', () => {
  let db: Kysely<TestDb>;
  let transactions: number;

  beforeEach(async () => {
    const file = new SqliteDatabase(':memory:');
    transactions = 0;
    db = new Kysely<TestDb>({
      dialect: new SqliteDialect({ database: file }),
      log: (event) => {
        if (/^begin/i.test(event.query.sql)) transactions++;
      },
    });
    await db.schema
      .createTable('items')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('label', 'text', (c) => c.notNull().unique())
      .execute();
  });
  afterEach(() => db.destroy());

  const insert = (label: string) => (trx: Kysely<TestDb>) =>
    trx
      .insertInto('items')
      .values({ label })
      .returning('id')
      .executeTakeFirstOrThrow()
      .then((row) => row.id);

  it('commits writes that arrive together in one transaction and answers each', async () => {
    const queue = new WriteQueue(db);
    const ids = await Promise.all(['a', 'b', 'c', 'd'].map((label) => queue.run(insert(label))));
    expect(ids).toEqual([1, 2, 3, 4]);
    expect(transactions).toBe(1);
  });

  it('splits a large burst into batches of at most maxBatch', async () => {
    const queue = new WriteQueue(db, { maxBatch: 3 });
    await Promise.all(Array.from({ length: 7 }, (_, i) => queue.run(insert(`item${i}`))));
    expect(transactions).toBe(3);
    const rows = await db.selectFrom('items').select('label').execute();
    expect(rows).toHaveLength(7);
  });

  it('settles a caller only after its transaction committed', async () => {
    const queue = new WriteQueue(db);
    const id = await queue.run(insert('durable'));
    // A rolled-back or still-open transaction would not be visible to this plain read.
    const row = await db.selectFrom('items').selectAll().where('id', '=', id).executeTakeFirst();
    expect(row).toEqual({ id, label: 'durable' });
  });

  it('fails only the bad job of a batch; the others are committed', async () => {
    const queue = new WriteQueue(db);
    const results = await Promise.allSettled([
      queue.run(insert('x')),
      queue.run(insert('x')), // unique violation
      queue.run(insert('y')),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const labels = (await db.selectFrom('items').select('label').orderBy('label').execute()).map(
      (row) => row.label,
    );
    expect(labels).toEqual(['x', 'y']);
  });

  it('drain() waits for every queued write', async () => {
    const queue = new WriteQueue(db);
    const settled: string[] = [];
    for (const label of ['p', 'q']) {
      void queue.run(insert(label)).then(() => settled.push(label));
    }
    await queue.drain();
    await Promise.resolve();
    expect(settled).toEqual(['p', 'q']);
    await queue.drain(); // nothing queued: returns at once
  });

  it('refuses a write past `limit` at once (WriteQueueFullError), queueing nothing', async () => {
    const queue = new WriteQueue(db, { limit: 2 });
    const results = await Promise.allSettled(
      ['l1', 'l2', 'l3'].map((label) => queue.run(insert(label))),
    );
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    expect(results[2]).toMatchObject({ reason: { code: 'WRITE_QUEUE_FULL' } });
    const labels = (await db.selectFrom('items').select('label').execute()).map((row) => row.label);
    expect(labels.sort()).toEqual(['l1', 'l2']);
    // Once answered, the room is free again.
    await expect(queue.run(insert('l3'))).resolves.toBe(3);
  });

  it('fails a whole batch at once when the database cannot take writes, without retrying each', async () => {
    const queue = new WriteQueue(db);
    const full = () =>
      Promise.reject(Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' }));
    const results = await Promise.allSettled([
      queue.run(insert('b1')),
      queue.run(full),
      queue.run(insert('b2')),
    ]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(transactions).toBe(1);
    expect(await db.selectFrom('items').selectAll().execute()).toEqual([]);
  });

  it('writes the health probe row through the queue', async () => {
    await db.schema
      .createTable('health_probe')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('checked_at', 'text', (c) => c.notNull())
      .execute();
    const queue = new WriteQueue(db, { limit: 0 });
    await queue.probe();
    await queue.probe();
    const rows = await tablesOf<HealthProbeTables>(db)
      .selectFrom('health_probe')
      .selectAll()
      .execute();
    expect(rows).toEqual([{ id: 1, checked_at: expect.any(String) }]);
  });
});
