import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters as plain } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../support/eventually';
import { freePort } from '../support/ports';
import { sourceArgs, startServerProcess } from '../support/server-process';
import { fakeClientDir } from '../support/test-app';

const root = path.resolve(import.meta.dirname, '..', '..');

let dir: string;
let clientDir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'tb-start-'));
  clientDir = await fakeClientDir(dir);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/**
 * Runs the real server on a pseudo-terminal: util-linux's `script` gives it a TTY as stdout,
 * as `npm start` in a terminal does. Resolves with what the terminal showed once `until`
 * appears in it, then stops the server (its process group: script and node).
 */
async function onTerminal(env: Record<string, string>, until: RegExp): Promise<string> {
  const port = await freePort();
  const command = `exec ${process.execPath} ${sourceArgs().join(' ')}`;
  const child = spawn('script', ['-qec', command, '/dev/null'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      CLIENT_DIR: clientDir,
      ...env,
    },
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += String(chunk)));
  child.stderr.on('data', (chunk) => (output += String(chunk)));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    await eventually(() => (until.test(plain(output)) ? true : undefined), 30_000).catch(() => {
      throw new Error(`the terminal never showed ${until}:\n${output}`);
    });
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    return output;
  } finally {
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
    await exited;
  }
}

describe('npm start on a terminal', () => {
  it(
    'prints readable log lines and a banner: URL, database, mail, admin password, and the SITE_URL warning',
    { timeout: 60_000 },
    async () => {
      const data = path.join(dir, 'fresh');
      const shown = await onTerminal({ DATA_DIR: data }, /!! WARNING: SITE_URL/);
      const text = plain(shown);
      // Readable lines, coloured levels (a terminal's escape codes): not JSON.
      expect(text).not.toBe(shown);
      expect(text).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: database ready/m);
      expect(text).not.toMatch(/^\{"level"/m);
      // The SITE_URL warning as a log line and in the banner.
      expect(text).toMatch(
        /^\[\d\d:\d\d:\d\d\] WARN: SITE_URL is http:\/\/localhost:3000 in production/m,
      );
      // The banner.
      expect(text).toContain('Talent Bridge is running (production)');
      expect(text).toMatch(/^ {2}URL +http:\/\/localhost:\d+\r?$/m);
      expect(text).toMatch(/^ {2}Admin +http:\/\/localhost:\d+\/admin\r?$/m);
      expect(text).toContain(`Database        SQLite ${path.join(data, 'talent-bridge.sqlite')}`);
      expect(text).toContain(`e-mails are written as files in ${path.join(data, 'outbox')}`);
      // The generated password on the terminal alone: not a log line, and in no file.
      expect(text).toMatch(/^ {2}ADMIN PASSWORD GENERATED \(shown only this once\): \S{20,}\r?$/m);
      expect(text).not.toMatch(/(INFO|WARN): .*ADMIN PASSWORD GENERATED/);
      expect(existsSync(path.join(data, 'admin-password.txt'))).toBe(false);
      expect(text).toContain(
        'Admin password  generated now: shown once above as "ADMIN PASSWORD GENERATED"; ' +
          `only its hash is kept, in ${path.join(data, 'admin-password.hash')}`,
      );
      expect(text).toContain('Metrics         Off: GET /metrics answers 404');
    },
  );

  it(
    'says where an earlier password is, and no warning once SITE_URL, mail, metrics and retention are set',
    { timeout: 90_000 },
    async () => {
      const data = path.join(dir, 'configured');
      await onTerminal({ DATA_DIR: data }, /Admin password/);
      const shown = await onTerminal(
        {
          DATA_DIR: data,
          SITE_URL: 'https://talent.example',
          SMTP_URL: 'smtp://mailer:s3cret-pass@mail.talent.example:2525',
          METRICS_TOKEN: 'metrics-token-for-the-banner',
          RETENTION_DAYS: '730',
        },
        /Metrics +On/,
      );
      const text = plain(shown);
      expect(text).toContain('Public URL      https://talent.example');
      expect(text).toContain('Mail            SMTP server mail.talent.example:2525');
      expect(text).toContain(
        'Admin password  generated on the first start (shown then, once, as "ADMIN PASSWORD GENERATED")',
      );
      expect(text).not.toContain('ADMIN PASSWORD GENERATED (shown only this once)');
      expect(text).toContain('Metrics         On: GET /metrics with the bearer token');
      expect(text).not.toContain('WARNING');
      expect(text).not.toContain('WARN:');
      for (const secret of ['s3cret-pass', 'mailer', 'metrics-token-for-the-banner']) {
        expect(text).not.toContain(secret);
      }
    },
  );
});

describe('npm start piped (not a terminal)', () => {
  it(
    'writes JSON lines only: a "ready" entry with the same facts, and the warning as a warn entry',
    { timeout: 60_000 },
    async () => {
      const data = path.join(dir, 'piped');
      const server = await startServerProcess({
        DATA_DIR: data,
        CLIENT_DIR: clientDir,
        LOG_LEVEL: 'info',
        ADMIN_PASSWORD: 'piped-admin-password-1234',
      });
      try {
        const lines = await eventually(() => {
          const parsed = server.jsonEntries();
          return parsed.some((entry) => entry.msg === 'ready') ? parsed : undefined;
        });
        const ready = lines.find((entry) => entry.msg === 'ready');
        expect(ready).toMatchObject({
          level: 30,
          url: expect.stringMatching(/^http:\/\/localhost:\d+$/) as unknown,
          database: `SQLite ${path.join(data, 'talent-bridge.sqlite')}`,
          adminPassword: 'set by ADMIN_PASSWORD',
          warnings: [
            expect.stringContaining('SITE_URL is http://localhost:3000 in production'),
            expect.stringContaining('No mail transport'),
            expect.stringContaining('RETENTION_DAYS is unset'),
          ],
        });
        const warning = lines.find(
          (entry) => typeof entry.msg === 'string' && entry.msg.startsWith('SITE_URL is'),
        );
        expect(warning?.level).toBe(40);
        expect(server.output()).not.toContain('is running');
        expect(server.output()).not.toContain('piped-admin-password-1234');
      } finally {
        server.child.kill('SIGTERM');
        await server.exited;
      }
    },
  );

  it('writes its "ready" entry at LOG_LEVEL=error too: the start is never silent', async () => {
    const server = await startServerProcess({
      DATA_DIR: path.join(dir, 'piped-error-level'),
      CLIENT_DIR: clientDir,
      LOG_LEVEL: 'error',
      ADMIN_PASSWORD: 'piped-admin-password-1234',
    });
    try {
      const ready = await eventually(() =>
        server.jsonEntries().find((entry) => entry.msg === 'ready'),
      );
      expect(ready.url).toMatch(/^http:\/\/localhost:\d+$/);
      // The start's warnings travel in it, the warn entries themselves stay below the level.
      expect(ready.warnings).toEqual(
        expect.arrayContaining([expect.stringContaining('SITE_URL is http://localhost:3000')]),
      );
      expect(server.output()).not.toContain('"level":40');
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  });

  it(
    'writes a generated password to a file only its user reads, names it, and keeps it out of the log; every data file is 0600',
    { timeout: 60_000 },
    async () => {
      const data = path.join(dir, 'piped-generated');
      const server = await startServerProcess({
        DATA_DIR: data,
        CLIENT_DIR: clientDir,
        LOG_LEVEL: 'info',
      });
      try {
        const ready = await eventually(() =>
          server.jsonEntries().find((entry) => entry.msg === 'ready'),
        );
        const file = path.join(data, 'admin-password.txt');
        const password = (await readFile(file, 'utf8')).trim();
        expect(password).toMatch(/^[\w-]{32}$/);
        expect(ready.adminPassword).toContain(`generated: in ${file}, readable by this user only`);
        expect(server.output()).toContain(`ADMIN PASSWORD GENERATED: written to ${file}`);
        expect(server.output()).not.toContain(password);
        const signIn = await fetch(`${server.baseUrl}/api/admin/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ password }),
        });
        expect(signIn.status).toBe(200);
        // umask 077: the data folder is 0700, every file in it 0600.
        const mode = async (name: string) => (await stat(path.join(data, name))).mode & 0o777;
        expect(await mode('.')).toBe(0o700);
        for (const name of [
          'admin-password.txt',
          'admin-password.hash',
          'talent-bridge.sqlite',
          'talent-bridge.sqlite-wal',
          'talent-bridge-ephemeral.sqlite',
        ]) {
          expect(await mode(name), name).toBe(0o600);
        }
      } finally {
        server.child.kill('SIGTERM');
        await server.exited;
      }
    },
  );
});
