import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config/config';
import { SQLITE_FILE_NAME } from '../../src/server/platform/database/connection';
import { BROWSER_USER_AGENT } from '../support/browser-user-agent';
import { validBodies } from '../support/lead-bodies';
import { startServerProcess, tryPost } from '../support/server-process';
import { fakeClientDir, uniqueEmail } from '../support/test-app';
import { adminEnv } from '../support/admin';

const dirs: string[] = [];
async function tempDirs() {
  const root = await mkdtemp(path.join(os.tmpdir(), 'tb-shutdown-'));
  dirs.push(root);
  return { dataDir: path.join(root, 'data'), clientDir: await fakeClientDir(root) };
}
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

function storedEmails(dataDir: string): Set<string> {
  const file = new SqliteDatabase(path.join(dataDir, SQLITE_FILE_NAME), { readonly: true });
  try {
    const rows = file.prepare('select email_normalized from candidates').all() as {
      email_normalized: string;
    }[];
    return new Set(rows.map((row) => row.email_normalized));
  } finally {
    file.close();
  }
}

describe('graceful shutdown', () => {
  it('finishes the requests in flight, then closes the database', async () => {
    const { dataDir, clientDir } = await tempDirs();
    const app = await buildApp({
      config: loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        CLIENT_DIR: clientDir,
        SPAM_MIN_FILL_MS: '0',
        ...adminEnv,
      }),
      logger: false,
    });
    let received = 0;
    app.addHook('onRequest', async () => {
      received++;
    });
    // Keeps every request busy long enough for the shutdown to start while they are in flight.
    app.addHook('preHandler', () => new Promise((resolve) => setTimeout(resolve, 300)));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;

    const emails = Array.from({ length: 20 }, () => uniqueEmail('inflight'));
    const results = emails.map((email) =>
      tryPost(`http://127.0.0.1:${port}/api/candidates/email`, { email }),
    );
    while (received < emails.length) await new Promise((resolve) => setTimeout(resolve, 10));
    await app.close();

    const answers = await Promise.all(results);
    expect(answers).toEqual(emails.map(() => ({ status: 200, body: { ok: true } })));
    await expect(app.database.ping()).rejects.toThrow();
    expect(storedEmails(dataDir)).toEqual(new Set(emails));
  }, 60_000);

  it('main.ts exits 0 on SIGTERM, keeps every acknowledged lead and closes SQLite cleanly', async () => {
    const { dataDir, clientDir } = await tempDirs();
    const server = await startServerProcess({
      ...adminEnv,
      DATA_DIR: dataDir,
      CLIENT_DIR: clientDir,
    });
    const emails = Array.from({ length: 60 }, () => uniqueEmail('sigterm'));
    let firstAnswer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (firstAnswer = resolve));
    const results = emails.map((email) =>
      tryPost(
        `${server.baseUrl}/api/candidates/basic-info`,
        validBodies.candidateBasicInfo(email),
      ).then((result) => {
        firstAnswer();
        return result;
      }),
    );
    await answered;
    server.child.kill('SIGTERM');
    const answers = await Promise.all(results);
    expect(await server.exited, server.output()).toBe(0);

    const acknowledged = emails.filter((_, index) => {
      const answer = answers[index];
      return answer && 'status' in answer && answer.status < 300;
    });
    // Refused after the shutdown began is fine (503 or a closed connection); a 500 is not.
    for (const answer of answers) {
      if ('status' in answer) expect([200, 503]).toContain(answer.status);
    }
    // The last connection closing cleanly checkpoints and removes the write-ahead log
    // (checked before this test opens the file itself).
    expect(existsSync(path.join(dataDir, `${SQLITE_FILE_NAME}-wal`))).toBe(false);
    expect(acknowledged.length).toBeGreaterThan(0);
    const stored = storedEmails(dataDir);
    for (const email of acknowledged) expect(stored.has(email)).toBe(true);
  }, 60_000);
  it('exits on SIGTERM once the reader of its log is gone (`npm start | head -3`)', async () => {
    const { dataDir, clientDir } = await tempDirs();
    // "shutting down" then waits in the log's buffer when the process exits.
    const env = { ...adminEnv, DATA_DIR: dataDir, CLIENT_DIR: clientDir, LOG_LEVEL: 'info' };
    const server = await startServerProcess(env);
    server.child.stdout!.destroy();
    server.child.kill('SIGTERM');
    const bound = new Promise((resolve) => setTimeout(() => resolve('still running'), 10_000));
    const exited = await Promise.race([server.exited, bound]);
    server.child.kill('SIGKILL');
    expect(exited, server.output()).toBe(0);
  }, 60_000);
  it('flushes the visit counts still buffered when SIGTERM arrives (decision 115)', async () => {
    const { dataDir, clientDir } = await tempDirs();
    const server = await startServerProcess({
      ...adminEnv,
      DATA_DIR: dataDir,
      CLIENT_DIR: clientDir,
    });
    // Three visitors (three browsers); counts wait up to a second in memory before a write.
    for (const version of ['120', '121', '122']) {
      const response = await fetch(`${server.baseUrl}/api/visits`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': BROWSER_USER_AGENT.replace(/Chrome\/\d+/, `Chrome/${version}`),
        },
        body: JSON.stringify({ page: '/career' }),
      });
      expect(response.status).toBe(204);
    }
    server.child.kill('SIGTERM');
    expect(await server.exited, server.output()).toBe(0);
    const file = new SqliteDatabase(path.join(dataDir, SQLITE_FILE_NAME), { readonly: true });
    try {
      const row = file.prepare('select sum(visitors) as n from visit_days').get() as { n: number };
      expect(row.n).toBe(3);
    } finally {
      file.close();
    }
  }, 60_000);
});
