import type { FastifyPluginAsync } from 'fastify';

const statusBody = {
  type: 'object',
  properties: { status: { type: 'string' } },
  required: ['status'],
} as const;

/** GET /api/health: 200 once the server can take leads, 503 when the database does not answer. */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/api/health',
    { schema: { response: { 200: statusBody, 503: statusBody } } },
    async (request, reply) => {
      try {
        await app.database.ping();
        return { status: 'ok' };
      } catch (error) {
        request.log.error({ err: error }, 'database health check failed');
        return reply.code(503).send({ status: 'unavailable' });
      }
    },
  );
};
