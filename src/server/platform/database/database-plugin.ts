import fp from 'fastify-plugin';
import { openDatabase, type DatabaseConnection, type DatabaseOptions } from './connection';
import { WriteQueue } from './write-queue';

declare module 'fastify' {
  interface FastifyInstance {
    /** Names no tables: each capability asks for its own, `tablesOf<Tables>(app.database.db)`. */
    database: DatabaseConnection;
    /** The group commit every awaited write goes through: on SQLite writes share an fsync. */
    writeQueue: WriteQueue<object>;
  }
}

/** PostgreSQL's statement_timeout: a stuck query fails in seconds, not holding a connection. */
const STATEMENT_TIMEOUT_MS = 10_000;

/** Writes waiting at once before 503 (decision 105): seconds of writes, so a stuck database. */
const WRITE_QUEUE_LIMIT = 5_000;

type DatabasePluginOptions = DatabaseOptions & { writeQueueLimit?: number | undefined };

/** Opens and migrates the database; closing runs in reverse: writers, then the queue, then it. */
export const databasePlugin = fp<DatabasePluginOptions>(async (app, options) => {
  const connection = await openDatabase({
    ...options,
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
});
