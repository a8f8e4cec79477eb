import fp from 'fastify-plugin';
import { openDatabase, type DatabaseConnection } from './connection';
import type { MigrationSet } from './migration-runner';
import { poolReader, ReaderThread, type DatabaseReader } from './reader-thread';
import { WriteHealth } from './write-health';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The main thread's connection. It names no tables: each capability asks for its own
     * with `tablesOf<Tables>(app.database.db)`.
     */
    database: DatabaseConnection;
    /**
     * Long reads (exports, overview figures, searches): on SQLite executed on the reader
     * thread, off the event loop; on PostgreSQL by the pool. Queries are built and compiled
     * by the capability that owns them.
     */
    databaseReader: DatabaseReader;
    /**
     * Whether a lead can be written now (GET /api/health): the lead write path registers its
     * probe with watchWrites(), the health route asks check() (docs/decisions/105).
     */
    writeHealth: WriteHealth;
  }
}

export interface DatabasePluginOptions {
  databaseUrl: string | undefined;
  dataDir: string;
  /** PostgreSQL statement_timeout in ms (0: none). */
  statementTimeoutMs?: number;
  /** Every capability's migrations (src/server/database.ts). */
  migrations: readonly MigrationSet[];
}

/**
 * Opens the database (migrating it) before the server listens, and closes it on shutdown.
 * Fastify runs onClose hooks in reverse order of registration, so the capabilities
 * registered after this plugin finish their own work (queued lead writes) before it closes.
 */
export const databasePlugin = fp<DatabasePluginOptions>(async (app, options) => {
  const connection = await openDatabase({
    databaseUrl: options.databaseUrl,
    dataDir: options.dataDir,
    migrations: options.migrations,
    statementTimeoutMs: options.statementTimeoutMs,
    onBackgroundError: (error) => app.log.warn({ err: error }, 'database connection error'),
  });
  app.log.info({ dialect: connection.dialect }, 'database ready');
  app.decorate('database', connection);
  app.addHook('onClose', async () => connection.close());
  app.decorate(
    'writeHealth',
    new WriteHealth({
      ping: () => connection.ping(),
      onFailure: (error) =>
        app.log.error({ err: error }, 'health check: the database cannot be written'),
    }),
  );
  // Opened after the migrations (its connections are read-only); closed before the database.
  const reader =
    connection.dialect === 'sqlite'
      ? new ReaderThread(options.dataDir, (error) =>
          app.log.error({ err: error }, 'the SQLite reader thread stopped; restarting it'),
        )
      : poolReader(connection.db);
  if (reader instanceof ReaderThread) await reader.start();
  app.decorate('databaseReader', reader);
  app.addHook('onClose', async () => reader.close());
});
