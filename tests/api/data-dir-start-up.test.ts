import { execFileSync } from 'node:child_process';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { adminEnv } from '../support/admin';
import { startServerProcess } from '../support/server-process';
import { fakeClientDir } from '../support/test-app';

/* A DATA_DIR the server cannot keep its database in, or a HOST or PORT it cannot listen on, stops
 * the start, naming the setting. */

let root = '';
let thaw: (() => void) | undefined;
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'tb-data-dir-'));
});
afterEach(async () => {
  thaw?.();
  thaw = undefined;
  await rm(root, { recursive: true, force: true });
});

/** The start-up's failure message, or 'started'. */
async function startRefusal(dataDir: string, host?: string, port?: number): Promise<string> {
  const env = { ...adminEnv, DATA_DIR: dataDir, CLIENT_DIR: await fakeClientDir(root) };
  return startServerProcess(env, { host, port }).then(
    (server) => {
      server.child.kill('SIGKILL');
      return 'started';
    },
    (error: Error) => error.message,
  );
}

it('refuses a DATA_DIR that is a file, naming DATA_DIR', async () => {
  const file = path.join(root, 'not-a-folder');
  await writeFile(file, '');
  const refused = await startRefusal(file);
  expect(refused).toMatch(/server exited during start-up/);
  expect(refused).toContain(`DATA_DIR ${file}: the database cannot be kept there: EEXIST`);
});

it('refuses a read-only DATA_DIR, naming DATA_DIR and why', async () => {
  const dataDir = path.join(root, 'data');
  await mkdir(dataDir);
  // Root writes through a mode: only the immutable attribute stops it.
  if (process.getuid?.() === 0) {
    execFileSync('chattr', ['+i', dataDir]);
    thaw = () => execFileSync('chattr', ['-i', dataDir]);
  } else await chmod(dataDir, 0o555);
  const refused = await startRefusal(dataDir);
  expect(refused).toMatch(/server exited during start-up/);
  expect(refused).toMatch(
    new RegExp(`DATA_DIR ${dataDir}: the database cannot be kept there: E(ACCES|PERM|ROFS)`),
  );
});

it('refuses a DATA_DIR the system will not make a folder in (/proc), naming DATA_DIR, at once', async () => {
  // Node's recursive mkdir retries such a folder for ever: the start hung.
  const dataDir = '/proc/talent-bridge-data';
  const refused = await startRefusal(dataDir);
  expect(refused).toMatch(/server exited during start-up/);
  expect(refused).toContain(`DATA_DIR ${dataDir}: the database cannot be kept there: ENOENT`);
});

it('refuses a HOST that is no address of this machine, naming HOST and why', async () => {
  const dataDir = path.join(root, 'data');
  const forms = 'must be an address of this machine, e.g. 0.0.0.0 (every interface) or 127.0.0.1';
  const [malformed, elsewhere] = [
    await startRefusal(dataDir, '999.1.1.1'),
    await startRefusal(dataDir, '192.0.2.1'),
  ];
  expect(malformed).toMatch(/server exited during start-up/);
  expect(malformed).toContain(`HOST: ${forms}`);
  expect(elsewhere).toContain(`HOST 192.0.2.1: the server cannot listen there (EADDRNOTAVAIL)`);
  expect(elsewhere).toContain(forms);
});

it('refuses a PORT another process listens on, naming PORT and why', async () => {
  // It drops every connection: the start-up's health check never takes it for the server.
  const holder = createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
  const { port } = holder.address() as AddressInfo;
  try {
    const refused = await startRefusal(path.join(root, 'data'), undefined, port);
    expect(refused).toMatch(/server exited during start-up/);
    expect(refused).toContain(`PORT ${port}: the server cannot listen there (EADDRINUSE)`);
    expect(refused).toContain('another process listens on it');
  } finally {
    holder.close();
  }
});
