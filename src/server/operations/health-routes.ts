import type { FastifyPluginAsync } from 'fastify';

const checkState = { type: 'string', enum: ['ok', 'failed'] } as const;

/** `status` as before; beside it what was checked, and what failed as an error code only. */
const healthBody = {
  type: 'object',
  properties: {
    status: { type: 'string' },
    database: checkState,
    writes: checkState,
    problem: { type: 'string' },
    checkedAt: { type: 'string' },
  },
  required: ['status'],
} as const;

/** How long a load balancer should wait before asking an unhealthy server again. */
const RETRY_AFTER_SECONDS = '1';

/** 200 while a lead can be written, else 503: a real write, at most once a second (105). */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/api/health',
    { schema: { response: { 200: healthBody, 503: healthBody } } },
    async (_request, reply) => {
      const { ok, ...detail } = await app.writeHealth.check();
      if (ok) return { status: 'ok', ...detail };
      return reply
        .code(503)
        .header('retry-after', RETRY_AFTER_SECONDS)
        .send({ status: 'unavailable', ...detail });
    },
  );
};
