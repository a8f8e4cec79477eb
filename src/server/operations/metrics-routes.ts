import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { tablesOf } from '../platform/database/connection';
import { countOutboxMessages } from '../platform/outbox/outbox';
import type { OutboxTables } from '../platform/outbox/outbox-tables';

export const METRICS_PATH = '/metrics';

export interface MetricsRoutesOptions {
  /** METRICS_TOKEN; undefined: no route, so /metrics is the site's 404 like any unknown URL. */
  token: string | undefined;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** GET /metrics for the bearer of METRICS_TOKEN (decision 141), compared in constant time. */
export const metricsRoutes: FastifyPluginAsync<MetricsRoutesOptions> = async (app, { token }) => {
  if (!token) return;
  const expected = digest(`Bearer ${token}`);
  const db = tablesOf<OutboxTables>(app.database.db);
  app.metrics.watchOutbox(() => countOutboxMessages(db));
  app.get(METRICS_PATH, async (request, reply) => {
    const given = digest(request.headers.authorization ?? '');
    if (!timingSafeEqual(given, expected)) {
      return reply
        .code(401)
        .header('WWW-Authenticate', 'Bearer realm="metrics"')
        .header('Cache-Control', 'no-store')
        .send({ error: 'A valid metrics bearer token is required' });
    }
    const { contentType, body } = await app.metrics.exposition();
    return reply.header('Cache-Control', 'no-store').type(contentType).send(body);
  });
};
