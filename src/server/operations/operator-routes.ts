import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { writeHealthCheck } from '../platform/database/write-health';

const checkState = { type: 'string', enum: ['ok', 'failed'] } as const;

/** `status`, what was checked, and what failed as an error code only. */
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
  const check = writeHealthCheck(
    () => app.database.ping(),
    app.writeQueue,
    (error) => app.log.error({ err: error }, 'health check: the database cannot be written'),
  );
  app.get(
    '/api/health',
    { schema: { response: { 200: healthBody, 503: healthBody } } },
    async (_request, reply) => {
      const { ok, ...detail } = await check();
      if (ok) return { status: 'ok', ...detail };
      return reply
        .code(503)
        .header('retry-after', RETRY_AFTER_SECONDS)
        .send({ status: 'unavailable', ...detail });
    },
  );
};

const digest = (value: string) => createHash('sha256').update(value).digest();

/** GET /metrics for METRICS_TOKEN's bearer (decision 141); no token: a 404 like any unknown URL. */
export const metricsRoutes: FastifyPluginAsync<{ token: string | undefined }> = async (
  app,
  { token },
) => {
  if (!token) return;
  const expected = digest(`Bearer ${token}`);
  app.get('/metrics', async (request, reply) => {
    const given = digest(request.headers.authorization ?? '');
    if (!timingSafeEqual(given, expected))
      return reply
        .code(401)
        .header('WWW-Authenticate', 'Bearer realm="metrics"')
        .header('Cache-Control', 'no-store')
        .send({ error: 'A valid metrics bearer token is required' });
    const { registry } = app.metrics;
    return reply
      .header('Cache-Control', 'no-store')
      .type(registry.contentType)
      .send(await registry.metrics());
  });
};
