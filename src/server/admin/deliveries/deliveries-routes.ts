import type { FastifyPluginAsync } from 'fastify';
import { tablesOf } from '../../platform/database/connection';
import { failedDeliveries } from '../../platform/outbox/outbox';
import type { OutboxTables } from '../../platform/outbox/outbox-tables';

/**
 * GET /api/admin/deliveries: the lead notifications that failed to deliver (given up, or
 * waiting for a retry), newest 50, so the dashboard can say something is wrong.
 */
export const deliveriesRoutes: FastifyPluginAsync = async (app) => {
  const db = tablesOf<OutboxTables>(app.database.db);
  app.get('/api/admin/deliveries', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return failedDeliveries(db, 50);
  });
};
