import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { bundleServer } from '../../scripts/server-bundle.mjs';
import { openDatabase } from '../../src/server/database';
import { BUNDLED_ENTRIES, TEST_SERVER_BUNDLE } from './server-process';
import {
  createTestDatabase,
  postgresUnavailableReason,
  startPostgres,
  type PostgresServer,
  type TestDatabase,
} from './postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Superuser URL of the test PostgreSQL server; null when none could be had (local only). */
    postgresAdminUrl: string | null;
    /** A database on it with every migration applied, copied for each test app (test-app.ts). */
    postgresTemplate: string | null;
  }
}

/** Before any test file: the child servers' bundle, and PostgreSQL. */
export default async function setup(project: TestProject) {
  const [bundle, postgres] = await Promise.all([bundleServerForTests(), setupPostgres(project)]);
  const template = await migratedTemplate(project.getProvidedContext().postgresAdminUrl);
  project.provide('postgresTemplate', template?.name ?? null);
  return async () => {
    await template?.drop();
    await postgres?.stop();
    await rm(bundle, { recursive: true, force: true });
  };
}

/**
 * The API tests' child servers and backup scripts run bundles made once here: through tsx, every
 * process spent seconds of CPU compiling and loading the same modules (server-process.ts).
 * Inside node_modules, so a bundle finds the packages it leaves out; workers inherit the path.
 */
async function bundleServerForTests(): Promise<string> {
  const cache = path.resolve(import.meta.dirname, '..', '..', 'node_modules', '.cache');
  await mkdir(cache, { recursive: true });
  const dir = await mkdtemp(path.join(cache, 'test-server-'));
  await Promise.all(
    Object.entries(BUNDLED_ENTRIES).map(([name, entry]) =>
      bundleServer(path.join(dir, `${name}.mjs`), entry, { withPackages: true }),
    ),
  );
  process.env[TEST_SERVER_BUNDLE] = dir;
  return dir;
}

/**
 * Gives the API tests a real PostgreSQL: DATABASE_URL_TEST when set (a superuser URL, test
 * files create their own databases on it), otherwise a server started here and removed at
 * the end. In CI a missing PostgreSQL fails the run; locally the PostgreSQL half of the API
 * tests is skipped with a loud warning.
 */
async function setupPostgres(project: TestProject): Promise<PostgresServer | undefined> {
  const given = process.env.DATABASE_URL_TEST?.trim();
  if (given) {
    project.provide('postgresAdminUrl', given);
    return undefined;
  }
  const reason = await postgresUnavailableReason();
  let server: PostgresServer | undefined;
  let failure = reason;
  if (!reason) {
    try {
      server = await startPostgres();
    } catch (error) {
      failure = `starting PostgreSQL failed: ${error instanceof Error ? error.message : error}`;
    }
  }
  if (!server) {
    if (process.env.CI === 'true') {
      throw new Error(`CI needs PostgreSQL for the API tests, but ${failure}`);
    }
    console.warn(
      `\n${'!'.repeat(78)}\n!! PostgreSQL API tests are SKIPPED: ${failure}.\n` +
        `!! Set DATABASE_URL_TEST or install PostgreSQL 15 to run them.\n${'!'.repeat(78)}\n`,
    );
  }
  project.provide('postgresAdminUrl', server?.url ?? null);
  return server;
}

/**
 * Migrating a new PostgreSQL database takes most of a second of CPU: done once here, and each test
 * app gets a copy. The servers still run their migrations (none pending) at every start;
 * createTestDatabase without the template gives the empty database that migration tests need.
 */
async function migratedTemplate(adminUrl: string | null): Promise<TestDatabase | undefined> {
  if (!adminUrl) return undefined;
  const template = await createTestDatabase(adminUrl);
  const connection = await openDatabase({ databaseUrl: template.url, dataDir: os.tmpdir() });
  await connection.close();
  return template;
}
