import fp from 'fastify-plugin';
import { openDatabase, type DatabaseConnection } from './connection';
import type { MigrationSet } from './migration-runner';
import { WriteHealth } from './write-health';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The main thread's connection. It names no tables: each capability asks for its own
     * with `tablesOf<Tables>(app.database.db)`.
     */
    database: DatabaseConnection;
    /**
     * Whether a lead can be written now (GET /api/health): the lead write path registers its
     * probe with watchWrites(), the health route asks check() (docs/decisions/105).
     */
    writeHealth: WriteHealth;
  }
}

/**
 * PostgreSQL's statement_timeout for the server's queries: a stuck query
 * ends as an error in seconds instead of holding a connection for ever.
 */
export const STATEMENT_TIMEOUT_MS = 10_000;

export interface DatabasePluginOptions {
  databaseUrl: string | undefined;
  dataDir: string;
  /** PostgreSQL statement_timeout in ms (default STATEMENT_TIMEOUT_MS; 0: none). */
  statementTimeoutMs?: number | undefined;
  /** Every capability's migrations (src/server/database.ts). */
  migrations: readonly MigrationSet[];
  /** The tables of rows a crash may forget (DatabaseConnection.ephemeral). */
  ephemeralMigrations?: readonly MigrationSet[];
}

/**
 * Opens (and migrates) the database before the server listens. onClose hooks run in reverse order,
 * so capabilities registered later finish their queued writes before it closes.
 */
export const databasePlugin = fp<DatabasePluginOptions>(async (app, options) => {
  const connection = await openDatabase({
    databaseUrl: options.databaseUrl,
    dataDir: options.dataDir,
    migrations: options.migrations,
    ephemeralMigrations: options.ephemeralMigrations,
    statementTimeoutMs: options.statementTimeoutMs ?? STATEMENT_TIMEOUT_MS,
    onBackgroundError: (error) => app.log.warn({ err: error }, 'database connection error'),
  });
  app.log.info({ dialect: connection.dialect }, 'database ready');
  app.decorate('database', connection);
  app.addHook('onClose', async () => connection.close());
  app.decorate(
    'writeHealth',
    new WriteHealth(
      () => connection.ping(),
      (error) => app.log.error({ err: error }, 'health check: the database cannot be written'),
    ),
  );
});
