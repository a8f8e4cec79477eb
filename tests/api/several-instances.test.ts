import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import {
  ephemeralMigrations,
  migrations,
  openDatabase,
  type Database,
} from '../../src/server/database';
import type { OverviewFigures } from '../../src/shared/admin-overview';
import { TOO_MANY_SUBMISSIONS } from '../../src/server/leads/workflows/capture/lead-capture';
import { loadConfig } from '../../src/server/config/config';
import { collectMigrations } from '../../src/server/platform/database/migration-runner';
import {
  ADMIN_TEST_PASSWORD,
  adminEnv,
  adminPasswordOptions,
  freshAddress,
  seedCandidate,
  signIn,
} from '../support/admin';
import {
  awayFromMinuteEdge,
  candidatesWithEmail,
  companiesWithEmail,
  leadCount,
} from '../support/api';
import { BROWSER_USER_AGENT } from '../support/browser-user-agent';
import { validBodies } from '../support/lead-bodies';
import { createTestDatabase, type TestDatabase } from '../support/postgres';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { createTestApp, fakeClientDir, uniqueEmail, type TestApp } from '../support/test-app';

/*
 * Several instances on one PostgreSQL behave as one site (issue 13, decision 125): they
 * start together on a fresh database, and share keys, sessions, the login throttle, the lead
 * limits and the cached figures' freshness. PostgreSQL only: SQLite's file belongs to one
 * process. (The outbox's once-only sending with two instances: tests/api/notifications.test.ts;
 * the same through a real proxy: the cluster test.)
 */

const withPostgres = describe.skipIf(!inject('postgresAdminUrl'));

const INSTANCES = 3;

withPostgres(`${INSTANCES} instances started together on a fresh PostgreSQL database`, () => {
  let root: string;
  let database: TestDatabase;
  let db: Kysely<Database>;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'tb-instances-'));
    database = await createTestDatabase(inject('postgresAdminUrl') as string);
    const clientDir = await fakeClientDir(root);
    // Spawned at once: their migrations, kept keys and password hash race on the empty database.
    const started = await Promise.allSettled(
      Array.from({ length: INSTANCES }, (_, i) =>
        startServerProcess({
          ...adminPasswordOptions.env,
          DATABASE_URL: database.url,
          DATA_DIR: path.join(root, `data-${i}`),
          CLIENT_DIR: clientDir,
          // The time trap on (1 ms), so a form needs a page's cookie signed with the shared key.
          SPAM_MIN_FILL_MS: '1',
        }),
      ),
    );
    for (const result of started) if (result.status === 'fulfilled') servers.push(result.value);
    const failed = started.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    db = (await openDatabase({ databaseUrl: database.url, dataDir: root })).db;
  }, 120_000);

  afterAll(async () => {
    for (const server of servers) server.child.kill('SIGTERM');
    await Promise.all(servers.map((server) => server.exited));
    await db?.destroy();
    await database?.drop();
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('all start, and every migration ran exactly once', async () => {
    expect(servers).toHaveLength(INSTANCES);
    for (const server of servers) {
      expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
    }
    const ran = await db
      .selectFrom('kysely_migration' as never)
      .select('name' as never)
      .execute();
    const names = (ran as { name: string }[]).map((row) => row.name).sort();
    expect(names).toEqual(
      Object.keys(collectMigrations([...migrations, ...ephemeralMigrations], 'postgres')).sort(),
    );
    const keys = await db.selectFrom('spam_keys').select('name').execute();
    expect(keys).toEqual([{ name: 'spam-key' }]);
    expect(await db.selectFrom('admin_password').select('id').execute()).toHaveLength(1);
  });

  it('share the form-time key: a page served by one signs the cookie another accepts', async () => {
    const [first, second] = servers as [ServerProcess, ServerProcess];
    const page = await fetch(`${first.baseUrl}/`);
    const cookie = page.headers.getSetCookie().find((c) => c.startsWith('tb_form_time='));
    expect(cookie).toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const send = (email: string, cookieHeader: string) =>
      fetch(`${second.baseUrl}/api/candidates/email`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': BROWSER_USER_AGENT,
          cookie: cookieHeader,
        },
        body: JSON.stringify(validBodies.candidateEmail(email)),
      });
    const person = uniqueEmail('shared-key');
    expect((await send(person, String(cookie).split(';')[0]!)).status).toBe(200);
    expect(await candidatesWithEmail(db, person)).toHaveLength(1);
    // A cookie not signed with the kept key is quarantined, not saved (the test can fail).
    const forged = uniqueEmail('forged-key');
    expect((await send(forged, `tb_form_time=${Date.now() - 5000}.forged`)).status).toBe(200);
    expect(await candidatesWithEmail(db, forged)).toHaveLength(0);
  });

  it('share sessions: a sign-in on one works on every other', async () => {
    const [first, ...others] = servers;
    const login = await fetch(`${first!.baseUrl}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: ADMIN_TEST_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const cookie = String(login.headers.getSetCookie()[0]).split(';')[0]!;
    for (const server of others) {
      const response = await fetch(`${server.baseUrl}/api/admin/overview`, {
        headers: { cookie },
      });
      expect(response.status).toBe(200);
    }
  });
});

withPostgres('migrations on a fresh PostgreSQL database', () => {
  it('run once when five instances migrate at the same moment', async () => {
    const database = await createTestDatabase(inject('postgresAdminUrl') as string);
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tb-migrate-'));
    try {
      // In one process, the five race from the first statement (Kysely's own tables too).
      const opened = await Promise.all(
        Array.from({ length: 5 }, () => openDatabase({ databaseUrl: database.url, dataDir })),
      );
      const ran = await opened[0]!.db
        .selectFrom('kysely_migration' as never)
        .select('name' as never)
        .execute();
      expect(ran).toHaveLength(
        Object.keys(collectMigrations([...migrations, ...ephemeralMigrations], 'postgres')).length,
      );
      await Promise.all(opened.map((connection) => connection.close()));
    } finally {
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

withPostgres('two instances on one PostgreSQL', () => {
  const RATE = 3;
  const FLOOD = 8;
  // An hour's cache: only the shared freshness can make B compute its figures again.
  const bounds = { leadFloodLimit: FLOOD, overviewCacheMs: 3_600_000 };
  let a: TestApp;
  let b: FastifyInstance;

  beforeAll(async () => {
    a = await createTestApp('postgres', {
      env: { ...adminEnv, LEAD_RATE_LIMIT: String(RATE), ALTCHA_FORMS: 'company-email' },
      bounds,
      notificationWorker: { enabled: false },
    });
    b = await buildApp({ config: loadConfig(a.env), logger: false, bounds });
    await b.ready();
  });

  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  /** The instance the i-th request goes to: A, B, A, B... */
  const instance = (i: number): FastifyInstance => (i % 2 === 0 ? a.app : b);

  const wrongPassword = (app: FastifyInstance, remoteAddress: string) =>
    app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { password: 'not-the-password' },
      remoteAddress,
    });

  it('share sessions: signed in on A, the cookie works on B; signed out on B, refused on A', async () => {
    const cookie = await signIn(a.app);
    expect((await b.inject({ url: '/api/admin/overview', headers: { cookie } })).statusCode).toBe(
      200,
    );
    const logout = await b.inject({
      method: 'POST',
      url: '/api/admin/logout',
      headers: { cookie },
    });
    expect(logout.statusCode).toBeLessThan(300);
    const after = await a.app.inject({ url: '/api/admin/overview', headers: { cookie } });
    expect(after.statusCode).toBe(401);
  });

  it('share the login throttle: 5 wrong passwords over A and B, then 429 on either', async () => {
    const address = freshAddress();
    for (let i = 0; i < 5; i++) {
      expect((await wrongPassword(instance(i), address)).statusCode).toBe(401);
    }
    for (const app of [a.app, b]) {
      const sixth = await wrongPassword(app, address);
      expect(sixth.statusCode).toBe(429);
      expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it("share the cached figures' freshness: a lead deleted on A leaves B's Overview and tab count at once", async () => {
    const cookie = await signIn(a.app);
    const [first, second] = [await seedCandidate(a, 'regular'), await seedCandidate(a, 'regular')];
    const overviewOnB = async () => {
      const response = await b.inject({ url: '/api/admin/overview', headers: { cookie } });
      const daily = response.json<OverviewFigures>().daily;
      return daily.reduce((sum, day) => sum + day.candidates + day.companies, 0);
    };
    const tabCountOnB = async () => {
      const response = await b.inject({ url: '/api/candidate-submissions', headers: { cookie } });
      return Number(response.headers['x-total-count']);
    };
    const deleteOnA = async (id: number) => {
      const response = await a.app.inject({
        method: 'DELETE',
        url: `/api/candidate-submissions/${id}`,
        headers: { cookie },
      });
      expect(response.statusCode).toBe(204);
    };
    // New leads wait for the cache's life; a delete on A ends it on B too.
    await deleteOnA(first.id);
    const [figures, count] = [await overviewOnB(), await tabCountOnB()];
    await deleteOnA(second.id);
    expect(await overviewOnB()).toBe(figures - 1);
    expect(await tabCountOnB()).toBe(count - 1);
  });

  const post = (app: FastifyInstance, url: string, body: object, remoteAddress: string) =>
    app.inject({
      method: 'POST',
      url,
      remoteAddress,
      // B is a bare app: light-my-request's own agent would be quarantined as a bot.
      headers: { 'content-type': 'application/json', 'user-agent': BROWSER_USER_AGENT },
      payload: JSON.stringify(body),
    });
  const postLead = (app: FastifyInstance, email: string, remoteAddress: string) =>
    post(app, '/api/candidates/email', validBodies.candidateEmail(email), remoteAddress);

  it('share the used ALTCHA solutions: accepted on A, the same solution on B is a replay', async () => {
    const challenge = (await a.app.inject({ url: '/api/altcha/challenge' })).json<Challenge>();
    const solution = await solveChallenge({ challenge, deriveKey });
    const altcha = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
    const send = (app: FastifyInstance, email: string) =>
      post(
        app,
        '/api/companies/email',
        { ...validBodies.companyEmail(email), altcha },
        freshAddress(),
      );
    const [first, replayed] = [uniqueEmail('altcha-a'), uniqueEmail('altcha-b')];
    expect((await send(a.app, first)).statusCode).toBe(200);
    expect(await companiesWithEmail(a.db, first)).toHaveLength(1);
    expect((await send(b, replayed)).statusCode).toBe(200);
    expect(await companiesWithEmail(a.db, replayed)).toHaveLength(0);
    const [quarantined] = await a.db
      .selectFrom('lead_quarantine')
      .select('reasons')
      .where('email', '=', replayed)
      .execute();
    expect(quarantined?.reasons).toBe('altcha');
  });

  const expectRefused = (response: LightMyRequestResponse) => {
    expect(response.statusCode).toBe(429);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    expect(response.json()).toEqual({ error: TOO_MANY_SUBMISSIONS });
  };

  it('count the lead limits together: LEAD_RATE_LIMIT and the flood limit over A and B', async () => {
    await awayFromMinuteEdge();
    const address = '203.0.113.77';
    const emails = Array.from({ length: FLOOD }, () => uniqueEmail('shared-limit'));
    for (const [i, email] of emails.entries()) {
      const response = await postLead(instance(i), email, address);
      expect(response.statusCode).toBe(200);
    }
    // RATE saved, the rest quarantined: each instance counting alone would have saved more.
    const saved = [];
    for (const email of emails) saved.push(...(await candidatesWithEmail(a.db, email)));
    expect(saved.map((row) => row.email)).toEqual(emails.slice(0, RATE));
    const quarantined = await a.db
      .selectFrom('lead_quarantine')
      .select('reasons')
      .where('email', 'in', emails)
      .execute();
    expect(quarantined).toEqual(emails.slice(RATE).map(() => ({ reasons: 'rate' })));
    const stored = await leadCount(a.db);
    expectRefused(await postLead(a.app, uniqueEmail('flood'), address));
    expectRefused(await postLead(b, uniqueEmail('flood'), address));
    expect(await leadCount(a.db)).toBe(stored);
    // Another address has counts of its own.
    expect((await postLead(b, uniqueEmail('other'), '203.0.113.78')).statusCode).toBe(200);
    // The counts name no address: only a keyed hash is stored.
    const rows = await a.ephemeral.selectFrom('lead_address_counts').selectAll().execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain('203.0.113');
  });
});
