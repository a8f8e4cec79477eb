import { rmSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { buildApp, type BuildAppOptions } from '../../src/server/app';
import { loadConfig } from '../../src/server/config/config';
import { openDatabase } from '../../src/server/database';
import { SQLITE_FILE_NAME } from '../../src/server/platform/database/connection';
import type { Database } from '../../src/server/database';
import { adminEnv } from './admin-password';
import { BROWSER_USER_AGENT } from './browser-user-agent';
import { createTestDatabase } from './postgres';
import { freePort } from './ports';

export type DatabaseKind = 'sqlite' | 'postgres';

export interface TestApp {
  kind: DatabaseKind;
  app: FastifyInstance;
  /**
   * A connection of its own to the app's database, for asserting what was stored: it sees
   * committed rows only, which is what a 2xx promises.
   */
  db: Kysely<Database>;
  /** The same for the tables of rows a crash may forget (DatabaseConnection.ephemeral). */
  ephemeral: Kysely<Database>;
  /** Environment that points a server at the same database (for a second app or process). */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * light-my-request's own user agent ('lightMyRequest') is a bot to `isbot`, whose leads are
 * quarantined (decision 095): requests go as a browser's unless a test names its agent.
 */
function postAsBrowser(app: FastifyInstance): void {
  const inject = app.inject.bind(app) as (...args: unknown[]) => unknown;
  app.inject = ((options?: InjectOptions | string, ...rest: unknown[]) => {
    if (options === undefined) return inject();
    const request = typeof options === 'string' ? { url: options } : options;
    const headers = { 'user-agent': BROWSER_USER_AGENT, ...request.headers };
    return inject({ ...request, headers }, ...rest);
  }) as FastifyInstance['inject'];
}

/** The static site plugin needs a built client; API tests get a minimal stand-in. */
export async function fakeClientDir(root: string): Promise<string> {
  const clientDir = path.join(root, 'client');
  await mkdir(clientDir, { recursive: true });
  await mkdir(path.join(root, 'pages'), { recursive: true });
  const page = (body: string) => `<!doctype html><html><head></head><body>${body}</body></html>`;
  await writeFile(path.join(root, 'pages', 'index.html'), page('<h1>home</h1>'));
  await writeFile(path.join(root, 'pages', '404.html'), page('<h1>404 Page Not Found</h1>'));
  await writeFile(
    path.join(root, 'pages.json'),
    JSON.stringify({
      pages: { '/': 'index.html' },
      notFound: '404.html',
      inlineHashes: { scripts: [], styles: [] },
    }),
  );
  return clientDir;
}

/**
 * A build with a page, a shell and a stand-in SSR bundle (it renders only the route) for each
 * of `routes`, in a new temporary directory; returns its client directory. `recorded`: more of
 * what the build writes in pages.json (the SITE_URL it was built with).
 */
export async function fakeSiteBuild(
  routes: readonly string[],
  recorded: { siteUrl?: string } = {},
): Promise<string> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'tb-build-'));
  for (const dir of ['client', 'pages', 'shells', 'ssr']) await mkdir(path.join(root, dir));
  const html = (route: string, body: string) =>
    `<!doctype html><html><head><title>${route}</title></head><body><div id="root">${body}</div></body></html>`;
  const pages: Record<string, string> = {};
  for (const route of [...routes, '/404']) {
    const file = `${route.slice(1)}.html`;
    if (route !== '/404') pages[route] = file;
    await writeFile(path.join(root, 'pages', file), html(route, `<main>static ${route}</main>`));
    await writeFile(path.join(root, 'shells', file), html(route, '<!--app-html-->'));
  }
  await writeFile(
    path.join(root, 'ssr', 'entry-server.js'),
    'export async function render(route) { return `<main>rendered ${route}</main>`; }\n',
  );
  await writeFile(
    path.join(root, 'pages.json'),
    JSON.stringify({
      pages,
      notFound: '404.html',
      inlineHashes: { scripts: [], styles: [] },
      ...recorded,
    }),
  );
  return path.join(root, 'client');
}

export interface TestAppOptions {
  /** Where the app's logs go (JSON lines); none by default. */
  logStream?: { write(line: string): void };
  /** Extra environment for the server (ADMIN_PASSWORD, SMTP_URL...). */
  env?: Record<string, string>;
  /** The lead notification worker's knobs (a fast poll, or none at all). */
  notificationWorker?: BuildAppOptions['notificationWorker'];
  /** The Conversions API worker's knobs. */
  conversionWorker?: BuildAppOptions['conversionWorker'];
  /** The person messages' worker knobs (decision 154). */
  personWorker?: BuildAppOptions['personWorker'];
  /** When RETENTION_DAYS erases (with that variable in `env`). */
  retention?: BuildAppOptions['retention'];
  /** Bounds other than the built-in ones (a short timeout, a small write queue...). */
  bounds?: BuildAppOptions['bounds'];
  /** The Meta ad spend pull's knobs (decision 165). */
  spendPull?: BuildAppOptions['spendPull'];
}

/** A server on a fresh database of `kind`: a temp SQLite file, or a new PostgreSQL database. */
let sqliteTemplate: Promise<string> | undefined;
/**
 * A migrated SQLite file, made once per test process and copied into each new app's data
 * directory, as PostgreSQL's apps start from a migrated template database (global-setup.ts):
 * migrating a fresh file cost each app about a fifth of a second of CPU and a sync per migration.
 */
function migratedSqliteFile(): Promise<string> {
  sqliteTemplate ??= (async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'tb-sqlite-template-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    await (await openDatabase({ dataDir: dir })).close();
    return path.join(dir, SQLITE_FILE_NAME);
  })();
  return sqliteTemplate;
}

export async function createTestApp(
  kind: DatabaseKind,
  options: TestAppOptions = {},
): Promise<TestApp> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'tb-api-'));
  const dataDir = path.join(root, 'data');
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    CLIENT_DIR: await fakeClientDir(root),
    // Tests post hundreds of leads from one address in milliseconds, with no page visited
    // first; the limits and the time trap have their own tests (tests/api/spam.test.ts).
    LEAD_RATE_LIMIT: '0',
    SPAM_MIN_FILL_MS: '0',
    // Unless a test sets the admin password, the tests' cheap hash: a generated one costs a
    // real-cost scrypt per app (the generated password has its own tests).
    ...(options.env && ('ADMIN_PASSWORD' in options.env || 'ADMIN_PASSWORD_HASH' in options.env)
      ? {}
      : adminEnv),
    ...options.env,
  };
  let dropDatabase = async (): Promise<void> => undefined;
  // A test's own DATA_DIR (a restart on an existing database) is left as it is.
  if (kind === 'sqlite' && env.DATA_DIR === dataDir) {
    await mkdir(dataDir, { recursive: true, mode: 0o700 });
    await copyFile(await migratedSqliteFile(), path.join(dataDir, SQLITE_FILE_NAME));
  }
  if (kind === 'postgres') {
    const adminUrl = inject('postgresAdminUrl');
    if (!adminUrl) throw new Error('no PostgreSQL server for the tests');
    const database = await createTestDatabase(adminUrl, inject('postgresTemplate') ?? undefined);
    env.DATABASE_URL = database.url;
    dropDatabase = database.drop;
  }
  const config = loadConfig(env);
  const logger = options.logStream ? { level: 'info', stream: options.logStream } : false;
  const app = await buildApp({
    config,
    logger,
    ...(options.notificationWorker ? { notificationWorker: options.notificationWorker } : {}),
    ...(options.conversionWorker ? { conversionWorker: options.conversionWorker } : {}),
    ...(options.personWorker ? { personWorker: options.personWorker } : {}),
    ...(options.retention ? { retention: options.retention } : {}),
    ...(options.bounds ? { bounds: options.bounds } : {}),
    ...(options.spendPull ? { spendPull: options.spendPull } : {}),
  });
  await app.ready();
  postAsBrowser(app);
  const observer = await openDatabase(config);
  return {
    kind,
    app,
    db: observer.db,
    ephemeral: observer.ephemeral,
    env,
    async close() {
      await app.close();
      await observer.close();
      await dropDatabase();
      await rm(root, { recursive: true, force: true });
    },
  };
}

/**
 * Runs the same tests once on SQLite and once on PostgreSQL, each on a database of its own.
 * The PostgreSQL run is skipped only when the global set-up found no server, which it
 * allows outside CI (with a loud warning) and refuses in CI.
 */
export function describeEachDatabase(
  title: string,
  body: (current: () => TestApp) => void,
  options: TestAppOptions = {},
) {
  for (const kind of ['sqlite', 'postgres'] as const) {
    const unavailable = kind === 'postgres' && !inject('postgresAdminUrl');
    describe.skipIf(unavailable)(`${title} [${kind}]`, () => {
      let testApp: TestApp | undefined;
      beforeAll(async () => {
        testApp = await createTestApp(kind, options);
      });
      afterAll(async () => {
        await testApp?.close();
      });
      body(() => {
        if (!testApp) throw new Error('test app not started');
        return testApp;
      });
    });
  }
}

let counter = 0;
/** An e-mail no other test uses, so tests sharing a database never see each other's leads. */
export const uniqueEmail = (label = 'lead') =>
  `${label}-${process.pid}-${Date.now().toString(36)}-${counter++}@example.com`;

/** A URL on a loopback port where nothing listens: a service that is down. */
export const freePortUrl = async (scheme: string) => `${scheme}://127.0.0.1:${await freePort()}`;
