import Fastify, { type FastifyInstance } from 'fastify';
import type { ServerConfig } from './config';
import { databasePlugin } from './plugins/database';
import { gracefulClose } from './plugins/graceful-close';
import { leadRateLimit } from './plugins/lead-rate-limit';
import { securityHeaders } from './plugins/security-headers';
import { staticSite } from './plugins/static-site';
import { adminRoutes } from './routes/admin';
import { candidateRoutes } from './routes/candidates';
import { companyRoutes } from './routes/companies';
import { healthRoutes } from './routes/health';

interface ErrorLike {
  statusCode?: number;
  name?: string;
  code?: string;
  message: string;
  stack?: string;
}

export interface BuildAppOptions {
  config: ServerConfig;
  /** Pino logger options; tests pass false to keep output quiet. */
  logger?: boolean | Record<string, unknown>;
}

/**
 * Request logs keep what operating the site needs: method, path and request id. The client's
 * IP and the query string (an admin search holds names and e-mails) are personal data.
 */
const logSerializers = {
  req: (request: { method: string; url: string }) => ({
    method: request.method,
    url: request.url.split('?')[0],
  }),
};

/** Assembles the whole server: security plugins, the JSON API, then the static site. */
export async function buildApp({ config, logger }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      logger === false
        ? false
        : {
            level: config.logLevel,
            ...(typeof logger === 'object' ? logger : {}),
            serializers: logSerializers,
          },
    bodyLimit: 16 * 1024,
    // While shutting down, new requests get 503 and requests in flight finish.
    return503OnClosing: true,
    // Start-up waits for the database (a remote PostgreSQL, migrations, the SQLite writer
    // thread); Fastify's 10 s default is too tight on a slow or busy machine.
    pluginTimeout: 60_000,
    // Proxy headers (X-Forwarded-For/-Proto) are believed only when TRUST_PROXY says so.
    trustProxy: config.trustProxy,
  });

  // The API takes JSON only: without the default text/plain parser, any other content type
  // is answered 415 before a route runs.
  app.removeContentTypeParser('text/plain');

  // Clients never see stack traces: only the message of 4xx errors, a generic text for 5xx.
  app.setErrorHandler((error: ErrorLike, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    // Name, code and message only: a database error's other properties (PostgreSQL's
    // `detail`) can quote the values of a row, i.e. personal data.
    if (status >= 500) {
      request.log.error(
        { err: { type: error.name, code: error.code, message: error.message, stack: error.stack } },
        'request failed',
      );
    }
    return reply
      .code(status)
      .send({ error: status >= 500 ? 'Internal server error' : error.message });
  });

  await app.register(gracefulClose);
  await app.register(securityHeaders, { hsts: config.env === 'production' });
  await app.register(databasePlugin, { databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await app.register(healthRoutes);
  // The public lead endpoints, in their own scope so that only they are rate-limited.
  await app.register(async (publicApi) => {
    await publicApi.register(leadRateLimit, { perMinute: config.leadRateLimit });
    await publicApi.register(candidateRoutes);
    await publicApi.register(companyRoutes);
  });
  await app.register(adminRoutes, { config });
  await app.register(staticSite, { clientDir: config.clientDir, runtime: config.runtime });
  return app;
}
