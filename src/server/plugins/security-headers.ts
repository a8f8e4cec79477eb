import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

/**
 * Security headers on every response. The content security policy allows only our own
 * origin for scripts; inline style attributes rendered by Radix need 'unsafe-inline' styles.
 */
export const securityHeaders = fp(async (app) => {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        frameSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // Only our own pages may frame us: /typeform embeds the built-in /questionnaire.
        frameAncestors: ["'self'"],
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    hsts: false,
  });
});
