import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { tablesOf } from '../database/connection';
import { COUNTED_OUTBOX_STATES, countOutboxMessages } from '../outbox/outbox';
import {
  OUTBOX_DESTINATIONS,
  type OutboxDestination,
  type OutboxTables,
} from '../outbox/outbox-tables';

/* What an operator graphs (decision 141); one registry per app; labels from closed sets. */

/** The route label of a request no route matched (any unknown URL, any method). */
const UNMATCHED_ROUTE = 'unmatched';

/** Request latency buckets, in seconds: from a cached page (~1 ms) to a slow export. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** How long the outbox counts read at a scrape are reused. */
const OUTBOX_CACHE_MS = 5000;

type OutboxCount = Awaited<ReturnType<typeof countOutboxMessages>>[number];

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's metrics: capabilities count into it, /metrics reads it. */
    metrics: { registry: Registry; outboxSendFailed(destination: OutboxDestination): void };
  }
}

/** Times each request by route pattern; not `enabled` (no METRICS_TOKEN): nothing measured. */
export const metricsPlugin = fp<{ enabled: boolean }>(async (app, { enabled }) => {
  const registry = new Registry();
  const registers = [registry];
  const outboxFailures = new Counter({
    name: 'outbox_send_failures_total',
    help: 'Failed delivery attempts of outbox messages by this instance, by destination',
    labelNames: ['destination'],
    registers,
  });
  app.decorate('metrics', {
    registry,
    outboxSendFailed: (destination) => outboxFailures.labels(destination).inc(),
  });
  if (!enabled) return;
  // Node's own: CPU, memory, heap, handles, GC, event loop lag (nodejs_eventloop_lag_*).
  collectDefaultMetrics({ register: registry });
  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status code, with their latency',
    labelNames: ['method', 'route', 'status_code'],
    buckets: LATENCY_BUCKETS,
    registers,
  });
  // Read at each scrape; the gauges' collect() has the gauge as `this`.
  new Gauge({
    name: 'write_queue_depth',
    help: 'Writes admitted and not yet committed (past the write queue limit: 503)',
    registers,
    collect() {
      this.set(app.writeQueue.depth);
    },
  });
  let outboxCache: { at: number; counts: Promise<OutboxCount[]> } | undefined;
  const outboxCounts = () => {
    const now = Date.now();
    if (!outboxCache || now - outboxCache.at >= OUTBOX_CACHE_MS) {
      const counts = countOutboxMessages(tablesOf<OutboxTables>(app.database.db));
      outboxCache = { at: now, counts };
      // A failed read is not reused: the next scrape asks again.
      counts.catch(() => {
        if (outboxCache?.counts === counts) outboxCache = undefined;
      });
    }
    return outboxCache.counts.catch((error: unknown) => {
      app.log.warn({ err: error }, 'metrics: the outbox counts could not be read');
      return undefined;
    });
  };
  new Gauge({
    name: 'outbox_messages',
    help: 'Outbox messages waiting (pending) or given up (failed), by destination; read from the database, shared by every instance',
    labelNames: ['destination', 'state'],
    registers,
    async collect() {
      this.reset();
      // An unreachable database empties this gauge; the rest of the scrape still answers.
      const counts = await outboxCounts();
      if (!counts) return;
      // Every series at 0 first: an empty outbox is a 0 on the dashboard, not "no data".
      for (const destination of OUTBOX_DESTINATIONS) {
        for (const state of COUNTED_OUTBOX_STATES) this.labels(destination, state).set(0);
      }
      for (const { destination, state, count } of counts)
        this.labels(destination, state).set(count);
    },
  });
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.is404 ? UNMATCHED_ROUTE : (request.routeOptions.url ?? UNMATCHED_ROUTE);
    requests
      .labels(request.method, route, String(reply.statusCode))
      .observe(reply.elapsedTime / 1000);
    done();
  });
});
