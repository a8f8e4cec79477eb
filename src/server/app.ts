import Fastify, { type FastifyInstance } from 'fastify';
import type { ServerConfig } from './config';
import { databasePlugin } from './plugins/database';
import { securityHeaders } from './plugins/security-headers';
import { staticSite } from './plugins/static-site';
import { adminRoutes } from './routes/admin';
import { healthRoutes } from './routes/health';

export interface BuildAppOptions {
  config: ServerConfig;
  /** Pino logger options; tests pass false to keep output quiet. */
  logger?: boolean | Record<string, unknown>;
}

/** Assembles the whole server: security plugins, the JSON API, then the static site. */
export async function buildApp({ config, logger }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    bodyLimit: 16 * 1024,
    // Clients never see stack traces: only the message of 4xx errors, a generic text for 5xx.
    return503OnClosing: true,
    // Proxy headers (X-Forwarded-For/-Proto) are believed only when TRUST_PROXY says so.
    trustProxy: config.trustProxy,
  });

  app.setErrorHandler((error: { statusCode?: number; message: string }, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    return reply
      .code(status)
      .send({ error: status >= 500 ? 'Internal server error' : error.message });
  });

  await app.register(securityHeaders);
  await app.register(databasePlugin, { databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await app.register(healthRoutes);
  await app.register(adminRoutes, { config });
  await app.register(staticSite, { clientDir: config.clientDir });
  return app;
}
