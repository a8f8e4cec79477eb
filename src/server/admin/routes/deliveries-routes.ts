import type { FastifyPluginAsync } from 'fastify';
import { tablesOf } from '../../platform/database/connection';
import { failedDeliveries } from '../../platform/outbox/outbox';
import type { OutboxTables } from '../../platform/outbox/outbox-tables';

const nullable = (type: string) => ({ type: [type, 'null'] });

/** Every field of `Deliveries` (src/shared/admin-deliveries.ts): the schema also serializes. */
const deliveriesBody = {
  type: 'object',
  properties: {
    failedCount: { type: 'integer' },
    failedByDestination: {
      type: 'object',
      properties: {
        email: { type: 'integer' },
        webhook: { type: 'integer' },
        meta: { type: 'integer' },
      },
      required: ['email', 'webhook', 'meta'],
    },
    failed: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: { type: 'integer' },
          destination: { type: 'string', enum: ['email', 'webhook', 'meta'] },
          topic: { type: 'string' },
          leadType: { type: ['string', 'null'], enum: ['candidate', 'company', null] },
          leadId: nullable('integer'),
          attempts: { type: 'integer' },
          lastError: nullable('string'),
          createdAt: { type: 'string' },
          lastAttemptAt: nullable('string'),
        },
        required: [
          'id',
          'destination',
          'topic',
          'leadType',
          'leadId',
          'attempts',
          'lastError',
          'createdAt',
          'lastAttemptAt',
        ],
      },
    },
  },
  required: ['failedCount', 'failedByDestination', 'failed'],
} as const;

/**
 * GET /api/admin/deliveries: the lead notifications that failed to deliver (given up, or
 * waiting for a retry), newest 50, so the dashboard can say something is wrong.
 */
export const deliveriesRoutes: FastifyPluginAsync = async (app) => {
  const db = tablesOf<OutboxTables>(app.database.db);
  app.get(
    '/api/admin/deliveries',
    { schema: { response: { 200: deliveriesBody } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return failedDeliveries(db, 50);
    },
  );
};
