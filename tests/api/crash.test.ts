import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, expect, it } from 'vitest';
import { SQLITE_FILE_NAME } from '../../src/server/platform/database/connection';
import { leadEndpoints } from '../support/lead-bodies';
import { startServerProcess, tryPost, type ServerProcess } from '../support/server-process';
import { fakeClientDir, uniqueEmail } from '../support/test-app';
import { adminEnv } from '../support/admin';

const CLIENTS = 50;
/** Kill once this many leads were acknowledged (or after KILL_AFTER_MS, whichever first). */
const KILL_AFTER_ACKS = 400;
const KILL_AFTER_MS = 5_000;

interface Ack {
  table: 'candidates' | 'companies';
  email: string;
}

let root: string | undefined;
const servers: ServerProcess[] = [];
afterAll(async () => {
  for (const server of servers) server.child.kill('SIGKILL');
  if (root) await rm(root, { recursive: true, force: true });
});

it('keeps every acknowledged lead when the server is killed with SIGKILL mid-load', async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'tb-crash-'));
  const env = {
    ...adminEnv,
    DATA_DIR: path.join(root, 'data'),
    CLIENT_DIR: await fakeClientDir(root),
  };
  const first = await startServerProcess(env);
  servers.push(first);

  const acks: Ack[] = [];
  let unanswered = 0;
  let killed = false;
  let kill: () => void = () => undefined;
  const killTime = new Promise<void>((resolve) => (kill = resolve));
  const timer = setTimeout(kill, KILL_AFTER_MS);

  // Each client sends leads to every endpoint in turn, each with a new e-mail, until the
  // server is gone. Only a 2xx counts as acknowledged.
  const client = async (clientIndex: number) => {
    for (let n = clientIndex; !killed; n++) {
      const endpoint = leadEndpoints[n % leadEndpoints.length]!;
      const email = uniqueEmail(`crash${clientIndex}`);
      const result = await tryPost(`${first.baseUrl}${endpoint.url}`, endpoint.body(email));
      if ('status' in result && result.status < 300) {
        const table = endpoint.url.startsWith('/api/companies') ? 'companies' : 'candidates';
        acks.push({ table, email });
        if (acks.length >= KILL_AFTER_ACKS) kill();
      } else if ('status' in result) {
        throw new Error(`unexpected status ${result.status} before the kill`);
      } else {
        unanswered++;
      }
    }
  };
  const clients = Array.from({ length: CLIENTS }, (_, index) => client(index));
  await killTime;
  clearTimeout(timer);
  first.child.kill('SIGKILL');
  killed = true;
  await Promise.all(clients);
  expect(await first.exited).toBe('SIGKILL');
  expect(acks.length).toBeGreaterThan(CLIENTS);

  // The restarted server recovers the file (WAL replay, migrations already applied) and
  // takes leads again.
  const second = await startServerProcess(env);
  servers.push(second);
  const after = await tryPost(`${second.baseUrl}/api/candidates/email`, {
    email: uniqueEmail('after-crash'),
  });
  expect(after).toEqual({ status: 200, body: { ok: true } });
  second.child.kill('SIGTERM');
  expect(await second.exited).toBe(0);

  const file = new SqliteDatabase(path.join(env.DATA_DIR, SQLITE_FILE_NAME), { readonly: true });
  try {
    const missing = acks.filter(({ table, email }) => {
      const row = file
        .prepare(`select id from ${table} where email_normalized = ?`)
        .get(email.toLowerCase());
      return row === undefined;
    });
    expect(missing, `${missing.length} of ${acks.length} acknowledged leads lost`).toEqual([]);
    const integrity = file.pragma('integrity_check', { simple: true });
    expect(integrity).toBe('ok');
  } finally {
    file.close();
  }
  console.info(
    `[crash] ${acks.length} leads acknowledged before SIGKILL, all found after restart; ` +
      `${unanswered} requests were cut off unanswered`,
  );
}, 90_000);
