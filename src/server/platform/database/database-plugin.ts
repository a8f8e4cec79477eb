import fp from 'fastify-plugin';
import { openDatabase, type DatabaseConnection } from './connection';
import type { MigrationSet } from './migration-runner';
import { WriteHealth } from './write-health';
import { WriteQueue } from './write-queue';

declare module 'fastify' {
  interface FastifyInstance {
    /** Names no tables: each capability asks for its own, `tablesOf<Tables>(app.database.db)`. */
    database: DatabaseConnection;
    /** Whether a lead can be written now (GET /api/health, docs/decisions/105). */
    writeHealth: WriteHealth;
    /** The group commit every awaited write goes through: on SQLite writes share an fsync. */
    writeQueue: WriteQueue<object>;
  }
}

/** PostgreSQL's statement_timeout: a stuck query fails in seconds, not holding a connection. */
export const STATEMENT_TIMEOUT_MS = 10_000;

/** Writes waiting at once before 503 (decision 105): seconds of writes, so a stuck database. */
export const WRITE_QUEUE_LIMIT = 5_000;

export interface DatabasePluginOptions {
  databaseUrl: string | undefined;
  dataDir: string;
  /** PostgreSQL statement_timeout in ms (default STATEMENT_TIMEOUT_MS; 0: none). */
  statementTimeoutMs?: number | undefined;
  /** Every capability's migrations (src/server/database.ts). */
  migrations: readonly MigrationSet[];
  /** The tables of rows a crash may forget (DatabaseConnection.ephemeral). */
  ephemeralMigrations?: readonly MigrationSet[];
  /** Most writes waiting at once (default WRITE_QUEUE_LIMIT; tests: fewer). */
  writeQueueLimit?: number | undefined;
}

/** Opens and migrates the database; closing runs in reverse: writers, then the queue, then it. */
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
  const writeQueue = new WriteQueue(connection.db, {
    limit: options.writeQueueLimit ?? WRITE_QUEUE_LIMIT,
  });
  app.decorate('writeQueue', writeQueue);
  app.addHook('onClose', () => writeQueue.drain());
  const writeHealth = new WriteHealth(
    () => connection.ping(),
    (error) => app.log.error({ err: error }, 'health check: the database cannot be written'),
  );
  writeHealth.watchWrites(writeQueue);
  app.decorate('writeHealth', writeHealth);
  app.metrics.watchWriteQueue(() => writeQueue.depth);
});
