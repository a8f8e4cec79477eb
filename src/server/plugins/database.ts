import fp from 'fastify-plugin';
import { openDatabase, type DatabaseConnection } from '../db/connection';
import { createLeadStore, type LeadStore } from '../db/lead-store';
import type { Database } from '../db/schema';
import { WriteQueue } from '../db/write-queue';

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseConnection;
    leads: LeadStore;
  }
}

export interface DatabasePluginOptions {
  databaseUrl: string | undefined;
  dataDir: string;
}

/**
 * Opens the database (migrating it) before the server listens, and closes it last on
 * shutdown: Fastify runs onClose after in-flight requests finished, and the write queue is
 * drained first so no acknowledged-to-be lead is cut off.
 */
export const databasePlugin = fp<DatabasePluginOptions>(async (app, options) => {
  const connection = await openDatabase({
    databaseUrl: options.databaseUrl,
    dataDir: options.dataDir,
    onBackgroundError: (error) => app.log.warn({ err: error }, 'database connection error'),
  });
  app.log.info({ dialect: connection.dialect }, 'database ready');
  const queue = new WriteQueue<Database>(connection.db);
  app.decorate('database', connection);
  app.decorate('leads', createLeadStore(queue));
  app.addHook('onClose', async () => {
    await queue.drain();
    await connection.close();
  });
});
