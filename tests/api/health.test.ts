import { execFileSync } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SQLITE_FILE_NAME } from '../../src/server/platform/database/connection';
import { UNAVAILABLE_MESSAGE } from '../../src/server/platform/http/error-handler';
import {
  createTestApp,
  describeEachDatabase,
  uniqueEmail,
  type TestApp,
} from '../support/test-app';

/** Polls GET /api/health (its answer is reused for up to 1 s) until `status` or `ms` passed. */
async function healthBecomes(testApp: TestApp, status: number, ms = 8000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const response = await testApp.app.inject({ url: '/api/health' });
    if (response.statusCode === status || Date.now() > deadline) return response;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const postLead = (testApp: TestApp, email: string) =>
  testApp.app.inject({ method: 'POST', url: '/api/candidates/email', payload: { email } });

describeEachDatabase('health check', (current) => {
  it('answers 200 with what it checked: a read and a real write', async () => {
    const response = await current().app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      database: 'ok',
      writes: 'ok',
      checkedAt: expect.any(String),
    });
  });

  it('writes its probe row through the lead write path at most about once a second', async () => {
    const { app, db } = current();
    await healthBecomes(current(), 200);
    const first = await db.selectFrom('health_probe').selectAll().executeTakeFirstOrThrow();
    // Many checks in a row share one measurement.
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => app.inject({ url: '/api/health' })),
    );
    expect(new Set(answers.map((answer) => answer.json().checkedAt)).size).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await app.inject({ url: '/api/health' });
    const second = await db.selectFrom('health_probe').selectAll().executeTakeFirstOrThrow();
    expect(second.checked_at > first.checked_at).toBe(true);
  });
});

/**
 * Makes the SQLite file and its WAL unwritable, even through the writer's open descriptors, as
 * a file system gone read-only would: `chattr +i` (immutable), which needs root. File modes
 * would not do: they are checked only when a file is opened, and root ignores them.
 */
function freeze(files: string[]): () => void {
  execFileSync('chattr', ['+i', ...files]);
  return () => execFileSync('chattr', ['-i', ...files]);
}
const isRoot = process.getuid?.() === 0;

describe.skipIf(!isRoot)('health check when SQLite cannot be written (chattr: needs root)', () => {
  let testApp: TestApp;
  let thaw: (() => void) | undefined;
  beforeAll(async () => {
    testApp = await createTestApp('sqlite');
  });
  afterAll(async () => {
    thaw?.();
    await testApp?.close();
  });

  it('answers 503 while the file cannot be written, 200 again once it can', async () => {
    expect((await healthBecomes(testApp, 200)).statusCode).toBe(200);
    const file = path.join(testApp.env.DATA_DIR!, SQLITE_FILE_NAME);
    thaw = freeze([file, `${file}-wal`]);

    const down = await healthBecomes(testApp, 503);
    expect(down.statusCode).toBe(503);
    expect(down.headers['retry-after']).toMatch(/^\d+$/);
    expect(down.json()).toMatchObject({
      status: 'unavailable',
      database: 'ok',
      writes: 'failed',
      problem: expect.stringMatching(/^SQLITE_/),
    });
    expect(down.body).not.toContain(testApp.env.DATA_DIR);
    // A lead is refused too (never a 2xx), and nothing of it is stored: a 503 to send again,
    // as on a full disk, not a 500 (SQLite says SQLITE_IOERR_WRITE here).
    const email = uniqueEmail('read-only');
    const refused = await postLead(testApp, email);
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(refused.json()).toEqual({ error: UNAVAILABLE_MESSAGE });

    thaw();
    thaw = undefined;
    const up = await healthBecomes(testApp, 200);
    expect(up.json()).toMatchObject({ status: 'ok', writes: 'ok' });
    const stored = await testApp.db
      .selectFrom('candidates')
      .select('id')
      .where('email_normalized', '=', email)
      .execute();
    expect(stored).toEqual([]);
    expect((await postLead(testApp, email)).statusCode).toBeLessThan(300);
  });
});

describe.skipIf(!inject('postgresAdminUrl'))('health check when PostgreSQL is unreachable', () => {
  let testApp: TestApp;
  let admin: pg.Client;
  let name = '';
  beforeAll(async () => {
    testApp = await createTestApp('postgres');
    name = new URL(testApp.env.DATABASE_URL!).pathname.slice(1);
    admin = new pg.Client({ connectionString: inject('postgresAdminUrl') ?? undefined });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`).catch(() => undefined);
    await admin?.end();
    await testApp?.close();
  });

  it('answers 503 while the database takes no connections, 200 once it does again', async () => {
    expect((await healthBecomes(testApp, 200)).statusCode).toBe(200);
    // The database refuses new connections and its open ones are ended, as in a restart.
    await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
    await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [name],
    );
    const down = await healthBecomes(testApp, 503);
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({
      status: 'unavailable',
      database: 'failed',
      writes: 'failed',
    });

    await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
    const up = await healthBecomes(testApp, 200);
    expect(up.json()).toMatchObject({ status: 'ok', database: 'ok', writes: 'ok' });
  });
});
