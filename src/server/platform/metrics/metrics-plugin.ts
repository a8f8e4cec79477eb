import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Metrics, UNMATCHED_ROUTE } from './metrics';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's metrics: capabilities count into it, /metrics reads it. */
    metrics: Metrics;
  }
}

export interface MetricsPluginOptions {
  /** METRICS_TOKEN is set: requests are timed and Node's process metrics collected. */
  enabled: boolean;
}

/**
 * Decorates the app with its Metrics and times each answered request by route pattern; an unmatched
 * request is UNMATCHED_ROUTE, so an address scan cannot grow the label set. Registered before every
 * route.
 */
export const metricsPlugin = fp<MetricsPluginOptions>(async (app, { enabled }) => {
  const metrics = new Metrics({
    enabled,
    onCollectError: (error) =>
      app.log.warn({ err: error }, 'metrics: the outbox counts could not be read'),
  });
  app.decorate('metrics', metrics);
  if (!enabled) return;
  app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done) => {
    const route = request.is404 ? UNMATCHED_ROUTE : (request.routeOptions.url ?? UNMATCHED_ROUTE);
    metrics.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
});
