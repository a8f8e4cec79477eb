import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';
import { PERMISSIONS_POLICY } from './permissions-policy';

/** JSON answers and files: nothing may load or frame them as a document. */
export const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** Two years, as the HSTS preload list asks; subdomains included. */
const HSTS_MAX_AGE_SECONDS = 63_072_000;

/** Security headers (decision 041); no API answer is stored (personal data); `hsts` in production. */
export const securityHeaders = fp<{ hsts: boolean }>(async (app, { hsts }) => {
  await app.register(helmet, {
    // Set below and per page: helmet's one policy cannot differ between pages and the API.
    contentSecurityPolicy: false,
    hsts: hsts ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: true, preload: false } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    // COEP would need every embedded origin (questionnaire, Meta) to opt in; they do not.
    crossOriginEmbedderPolicy: false,
    xFrameOptions: { action: 'deny' },
  });
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('Content-Security-Policy', API_POLICY);
    reply.header('Permissions-Policy', PERMISSIONS_POLICY);
  });
  app.addHook('onSend', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    if (!String(reply.getHeader('cache-control') ?? '').includes('no-store'))
      reply.header('Cache-Control', 'no-store');
  });
});
