import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import type { AdminAuthTables } from '../../src/server/admin/auth/auth-tables';
import { LoginThrottle, SITE_WAIT_MS } from '../../src/server/admin/auth/login-throttle';
import { tablesOf } from '../../src/server/platform/database/connection';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config/config';
import {
  ADMIN_TEST_PASSWORD,
  adminOptions,
  adminPasswordOptions,
  freshAddress,
} from '../support/admin';
import { describeEachDatabase, uniqueEmail } from '../support/test-app';
import { scryptHash } from '../support/admin-password';

/** A hash as earlier releases made them: scrypt at N = 2^14. */
const oldHash = (password: string): string => scryptHash(password, 2 ** 14, randomBytes(16));

const login = (app: FastifyInstance, password: string, remoteAddress = freshAddress()) =>
  app.inject({ method: 'POST', url: '/api/admin/login', payload: { password }, remoteAddress });

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describeEachDatabase(
  'admin sign-in hardening',
  (current) => {
    /** Another server on the same database, with its own DATA_DIR and password settings. */
    async function otherServer(env: Record<string, string | undefined>) {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tb-harden-'));
      dirs.push(dataDir);
      const lines: string[] = [];
      const app = await buildApp({
        config: loadConfig({ ...current().env, DATA_DIR: dataDir, ...env }),
        logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } },
      });
      await app.ready();
      return { app, dataDir, log: () => lines.join('') };
    }

    it('upgrades a kept ADMIN_PASSWORD hash of the old cost at the next start', async () => {
      const { db } = current();
      await db
        .updateTable('admin_password')
        .set({ password_hash: oldHash(ADMIN_TEST_PASSWORD) })
        .execute();
      // The same DATA_DIR (SQLite's database) and ADMIN_PASSWORD: a restart.
      const other = { app: await buildApp({ config: loadConfig(current().env), logger: false }) };
      try {
        const kept = await db.selectFrom('admin_password').select('password_hash').execute();
        expect(kept[0]?.password_hash).toMatch(/^scrypt\$131072\$8\$1\$/);
        expect((await login(other.app, ADMIN_TEST_PASSWORD)).statusCode).toBe(200);
      } finally {
        await other.app.close();
      }
    });

    it('upgrades a generated password’s old hash at the next sign-in, and warns of an old ADMIN_PASSWORD_HASH', async () => {
      const password = 'an-earlier-generated-password';
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tb-harden-'));
      dirs.push(dataDir);
      const hashFile = path.join(dataDir, 'admin-password.hash');
      await writeFile(hashFile, `${oldHash(password)}\n`, { mode: 0o600 });
      const generated = await buildApp({
        config: loadConfig({ ...current().env, DATA_DIR: dataDir, ADMIN_PASSWORD: undefined }),
        logger: false,
      });
      try {
        expect((await login(generated, password)).statusCode).toBe(200);
        expect(await readFile(hashFile, 'utf8')).toMatch(/^scrypt\$131072\$8\$1\$/);
        expect((await stat(hashFile)).mode & 0o777).toBe(0o600);
        expect((await login(generated, password)).statusCode).toBe(200);
      } finally {
        await generated.close();
      }

      const given = oldHash(password);
      const operator = await otherServer({
        ADMIN_PASSWORD: undefined,
        ADMIN_PASSWORD_HASH: given,
      });
      try {
        expect(operator.log()).toContain('ADMIN_PASSWORD_HASH is an older, cheaper scrypt hash');
        expect(operator.log()).not.toContain(given.split('$')[4]);
        expect((await login(operator.app, password)).statusCode).toBe(200);
      } finally {
        await operator.app.close();
      }
      // Full-cost scrypts (128 MiB each) and two server starts: a busy machine needs more.
    }, 60_000);

    it('writes a generated password to a file only its user reads, never to the log', async () => {
      const other = await otherServer({ ADMIN_PASSWORD: undefined });
      try {
        const file = path.join(other.dataDir, 'admin-password.txt');
        const password = (await readFile(file, 'utf8')).trim();
        expect(password).toMatch(/^[\w-]{32}$/);
        expect((await stat(file)).mode & 0o777).toBe(0o600);
        expect(other.log()).toContain(`ADMIN PASSWORD GENERATED: written to ${file}`);
        expect(other.log()).not.toContain(password);
        expect((await login(other.app, password)).statusCode).toBe(200);
      } finally {
        await other.app.close();
      }
    });

    it('runs SQLite with secure_delete on', async () => {
      const { kind, db } = current();
      if (kind !== 'sqlite') return;
      const { rows } = await sql<{ secure_delete: number }>`pragma secure_delete`.execute(db);
      expect(rows).toEqual([{ secure_delete: 1 }]);
    });

    // Last: from here on every sign-in of this database waits.
    it('makes every sign-in wait once the site has seen 100 failures in an hour, and still lets the owner in', async () => {
      const { app, db } = current();
      // 110 wrong passwords at other accounts, as named accounts' sign-ins count them (110:
      // still past 100 if the clock turns an hour meanwhile).
      const elsewhere = new LoginThrottle(tablesOf<AdminAuthTables>(db));
      for (let i = 0; i < 110; i++) await elsewhere.failed();
      const started = performance.now();
      expect((await login(app, ADMIN_TEST_PASSWORD)).statusCode).toBe(200);
      expect(performance.now() - started).toBeGreaterThanOrEqual(SITE_WAIT_MS);
    });
  },
  adminPasswordOptions,
);

// The account budget, against an operator's hash of the old cost: thirteen checks are quick.
describeEachDatabase(
  'admin sign-in budget of an account',
  (current) => {
    it('delays an account after 10 failures from any addresses: 1 minute, then 2', async () => {
      const { app, db } = current();
      for (let i = 0; i < 10; i++) expect((await login(app, `wrong-${i}`)).statusCode).toBe(401);
      // From yet another address, even with the right password: the account waits.
      const waiting = await login(app, ADMIN_TEST_PASSWORD);
      expect(waiting.statusCode).toBe(429);
      expect(Number(waiting.headers['retry-after'])).toBeLessThanOrEqual(60);
      expect(waiting.json()).toEqual({
        error: 'Too many failed sign-in attempts. Try again in 1 minute.',
        retryAfterSeconds: Number(waiting.headers['retry-after']),
      });
      const passTime = () =>
        db
          .updateTable('admin_login_accounts')
          .set({ next_attempt_at: new Date(Date.now() - 1000).toISOString() })
          .execute();
      await passTime();
      expect((await login(app, 'wrong again')).statusCode).toBe(401);
      const longer = await login(app, ADMIN_TEST_PASSWORD);
      expect(longer.statusCode).toBe(429);
      expect(Number(longer.headers['retry-after'])).toBeGreaterThan(60);
      expect(longer.json().error).toBe('Too many failed sign-in attempts. Try again in 2 minutes.');
      // Once the wait is over the owner gets in, and the account's count starts over.
      await passTime();
      expect((await login(app, ADMIN_TEST_PASSWORD)).statusCode).toBe(200);
      expect(await db.selectFrom('admin_login_accounts').selectAll().execute()).toEqual([]);
    });

    it('upgrades an invited account’s old hash at its next sign-in', async () => {
      const { app, db } = current();
      const email = uniqueEmail('old-hash');
      await db
        .insertInto('admin_accounts')
        .values({
          email,
          name: 'Old Hash',
          role: 'recruiter',
          password_hash: oldHash(ADMIN_TEST_PASSWORD),
          created_at: new Date().toISOString(),
          disabled_at: null,
        })
        .execute();
      const signIn = () =>
        app.inject({
          method: 'POST',
          url: '/api/admin/login',
          payload: { email, password: ADMIN_TEST_PASSWORD },
          remoteAddress: freshAddress(),
        });
      const first = await signIn();
      expect(first.statusCode).toBe(200);
      const { password_hash: hash } = await db
        .selectFrom('admin_accounts')
        .select('password_hash')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      expect(hash).toMatch(/^scrypt\$131072\$8\$1\$/);
      // The sign-in's session is bound to the new hash, and the password still signs in.
      const cookie = first.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
      const session = await app.inject({
        method: 'GET',
        url: '/api/admin/session',
        headers: { cookie },
      });
      expect(session.json()).toMatchObject({ authenticated: true, account: { email } });
      expect((await signIn()).statusCode).toBe(200);
    });
  },
  adminOptions,
);
