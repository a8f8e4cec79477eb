import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { adminEnv } from '../support/admin';
import { createTestDatabase, type TestDatabase } from '../support/postgres';
import { startServerProcess, tryPost, type ServerProcess } from '../support/server-process';
import { fakeClientDir, uniqueEmail } from '../support/test-app';

/*
 * PostgreSQL restarted, failed over or a connection cut while requests hold connections: the
 * server answers those requests 503 and goes on. An unhandled 'error' of a checked-out pg client
 * ended the process, and the requests got 500.
 */

const CLIENTS = 20;
const CUT_FOR_MS = 3_000;

let root: string | undefined;
let database: TestDatabase | undefined;
let server: ServerProcess | undefined;
afterAll(async () => {
  server?.child.kill('SIGKILL');
  await database?.drop();
  if (root) await rm(root, { recursive: true, force: true });
});

describe.skipIf(!inject('postgresAdminUrl'))('PostgreSQL connections cut mid-load', () => {
  it('keeps serving, answers 503 (not 500) meanwhile and keeps every acknowledged lead', async () => {
    const adminUrl = inject('postgresAdminUrl') as string;
    root = await mkdtemp(path.join(os.tmpdir(), 'tb-pg-cut-'));
    database = await createTestDatabase(adminUrl, inject('postgresTemplate') ?? undefined);
    server = await startServerProcess({
      ...adminEnv,
      DATABASE_URL: database.url,
      DATA_DIR: path.join(root, 'data'),
      CLIENT_DIR: await fakeClientDir(root),
    });
    const { baseUrl } = server;

    const acked: string[] = [];
    const statuses = new Map<string, number>();
    let cutting = true;
    const client = async (index: number) => {
      while (cutting) {
        const email = uniqueEmail(`cut${index}`);
        const result = await tryPost(`${baseUrl}/api/candidates/email`, { email });
        const key = 'status' in result ? String(result.status) : 'no answer';
        statuses.set(key, (statuses.get(key) ?? 0) + 1);
        if ('status' in result && result.status < 300) acked.push(email);
      }
    };
    const clients = Array.from({ length: CLIENTS }, (_, index) => client(index));

    // As a restart or a failover does: every connection of the server ends, again and again.
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      const until = Date.now() + CUT_FOR_MS;
      while (Date.now() < until) {
        await admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1',
          [database.name],
        );
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      cutting = false;
      await Promise.all(clients);
      await admin.end();
    }

    expect(server.child.exitCode, server.output()).toBeNull();
    expect(server.child.signalCode).toBeNull();
    // A lead that met a cut connection is "not stored, try again" (503), never a server error.
    const failures = server
      .output()
      .split('\n')
      .filter((line) => line.includes('request failed'));
    expect(
      [...statuses.keys()].filter((status) => status !== '200' && status !== '503'),
      failures.join('\n'),
    ).toEqual([]);
    expect(acked.length, JSON.stringify([...statuses])).toBeGreaterThan(0);
    const after = await tryPost(`${baseUrl}/api/candidates/email`, {
      email: uniqueEmail('after-cut'),
    });
    expect(after).toEqual({ status: 200, body: { ok: true } });
    expect((await fetch(`${baseUrl}/api/health`)).status).toBe(200);

    const reader = new pg.Client({ connectionString: database.url });
    await reader.connect();
    try {
      const { rows } = await reader.query<{ email: string }>(
        'select email from candidates where email = any($1)',
        [acked],
      );
      const stored = new Set(rows.map((row) => row.email));
      const missing = acked.filter((email) => !stored.has(email));
      expect(missing, `${missing.length} of ${acked.length} acknowledged leads lost`).toEqual([]);
    } finally {
      await reader.end();
    }
    console.info(`[pg-cut] answers while connections were cut: ${JSON.stringify([...statuses])}`);
  }, 90_000);
});
