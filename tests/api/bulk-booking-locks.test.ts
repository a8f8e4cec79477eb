import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signIn } from '../support/admin';
import { applicantWithProof, book, openForCalls } from '../support/calls';
import { eventually } from '../support/eventually';
import { createTestApp, uniqueEmail, type TestApp } from '../support/test-app';

/*
 * PostgreSQL: a batch of bookings holds the bookings' turn and locks its candidates one by one,
 * in the order people pressed the button. A bulk status change locking the same candidates in
 * another order deadlocked with it, and when PostgreSQL chose the bulk change the recruiter got
 * a 500. The bulk change now waits for the turn before it locks a candidate. (SQLite has one
 * writer at a time: nothing to interleave.)
 *
 * The interleaving is built step by step: advisory locks held by the test stand for slow writes
 * of the write queue, so the two bookings share one batch and the bulk change arrives between
 * them.
 */

let testApp: TestApp | undefined;
beforeAll(async () => {
  if (inject('postgresAdminUrl')) testApp = await createTestApp('postgres');
});
afterAll(async () => testApp?.close());

describe.skipIf(!inject('postgresAdminUrl'))('a bulk change beside a batch of bookings', () => {
  it('answers 200, books both calls and deadlocks nothing', async () => {
    const { app, env } = testApp!;
    const owner = await signIn(app);
    await openForCalls(app, owner);
    const first = await applicantWithProof(testApp!, uniqueEmail('lock-first'));
    const second = await applicantWithProof(testApp!, uniqueEmail('lock-second'));

    const holder = new pg.Client({ connectionString: env.DATABASE_URL });
    await holder.connect();
    const scalar = async (query: string) => Number((await holder.query(query)).rows[0].n);
    const deadlocks = () =>
      scalar('select deadlocks as n from pg_stat_database where datname = current_database()');
    const waiting = () =>
      scalar(
        `select count(*) as n from pg_stat_activity
         where datname = current_database() and wait_event_type = 'Lock'`,
      );
    const until = (done: () => Promise<boolean>) =>
      eventually(async () => ((await done()) ? true : undefined));
    const depth = (n: number) => until(async () => app.writeQueue.depth >= n);
    try {
      const before = await deadlocks();
      await holder.query('select pg_advisory_lock(1), pg_advisory_lock(2)');
      const slowWrite = (key: number) =>
        app.writeQueue.run((trx) => sql`select pg_advisory_xact_lock(${key})`.execute(trx));

      // The queue commits a write that waits: the next ones gather into one batch.
      const busy = slowWrite(1);
      await until(async () => (await waiting()) === 1);
      const bookSecond = book(app, second.proof, second.times[4]!);
      await depth(2);
      const slow = slowWrite(2);
      await depth(3);
      const bookFirst = book(app, first.proof, first.times[6]!);
      await depth(4);

      // The batch takes the turn, books the second applicant and waits in the slow write.
      await holder.query('select pg_advisory_unlock(1)');
      await busy;
      await until(async () => (await waiting()) === 1);
      // The bulk change of both (lowest id first) arrives while the batch holds the second.
      const bulk = app.inject({
        method: 'POST',
        url: '/api/candidate-submissions/bulk',
        headers: { cookie: owner },
        payload: { ids: [first.id, second.id], status: 'contacted' },
      });
      await until(async () => (await waiting()) === 2);
      // The batch goes on to lock the first applicant.
      await holder.query('select pg_advisory_unlock(2)');
      await slow;

      const answers = await Promise.all([bulk, bookSecond, bookFirst]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 201, 201]);
      expect(answers[0]!.json()).toMatchObject({ count: 2, changed: 2 });
      expect(await deadlocks()).toBe(before);
    } finally {
      await holder.end();
    }
  });
});
