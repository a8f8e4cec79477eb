import type { TestProject } from 'vitest/node';
import { postgresUnavailableReason, startPostgres, type PostgresServer } from './postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Superuser URL of the test PostgreSQL server; null when none could be had (local only). */
    postgresAdminUrl: string | null;
  }
}

/**
 * Gives the API tests a real PostgreSQL: DATABASE_URL_TEST when set (a superuser URL, test
 * files create their own databases on it), otherwise a server started here and removed at
 * the end. In CI a missing PostgreSQL fails the run; locally the PostgreSQL half of the API
 * tests is skipped with a loud warning.
 */
export default async function setup(project: TestProject) {
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
  return async () => {
    await server?.stop();
  };
}
