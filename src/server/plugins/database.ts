import fp from 'fastify-plugin';
import { openDatabase, type DatabaseConnection } from '../db/connection';
import { createLeadStore, type LeadStore } from '../db/lead-store';
import type { Database } from '../db/schema';
import { SqliteWriterThread } from '../db/sqlite-writer';
import { WriteQueue } from '../db/write-queue';

declare module 'fastify' {
  interface FastifyInstance {
    /** The main thread's connection: health checks and reads. */
    database: DatabaseConnection;
    /** Lead writes, group-committed; a write resolves only once committed. */
    leads: LeadStore;
  }
}

export interface DatabasePluginOptions {
  databaseUrl: string | undefined;
  dataDir: string;
}

/**
 * Opens the database (migrating it) before the server listens, and closes it last on
 * shutdown: Fastify runs onClose after in-flight requests finished; queued writes are
 * committed before the connections close.
 *
 * Writes go through a group commit. On PostgreSQL it runs on the main thread (the driver
 * is asynchronous); on SQLite it runs on a writer thread, so fsyncs never block requests.
 */
export const databasePlugin = fp<DatabasePluginOptions>(async (app, options) => {
  const connection = await openDatabase({
    databaseUrl: options.databaseUrl,
    dataDir: options.dataDir,
    onBackgroundError: (error) => app.log.warn({ err: error }, 'database connection error'),
  });
  app.log.info({ dialect: connection.dialect }, 'database ready');

  let leads: LeadStore;
  let closeLeads: () => Promise<void>;
  if (connection.dialect === 'sqlite') {
    const writer = new SqliteWriterThread(options.dataDir, (error) =>
      app.log.error({ err: error }, 'SQLite writer thread stopped; it restarts on the next write'),
    );
    try {
      await writer.start();
    } catch (error) {
      await connection.close();
      throw error;
    }
    leads = writer;
    closeLeads = () => writer.close();
  } else {
    const queue = new WriteQueue<Database>(connection.db);
    leads = createLeadStore(queue);
    closeLeads = () => queue.drain();
  }

  app.decorate('database', connection);
  app.decorate('leads', leads);
  app.addHook('onClose', async () => {
    await closeLeads();
    await connection.close();
  });
});
