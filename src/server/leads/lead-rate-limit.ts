import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';

export const TOO_MANY_SUBMISSIONS =
  'Too many submissions from your network. Please wait a minute and try again.';

export interface LeadRateLimitOptions {
  /** Submissions per minute from one address; 0 turns the limit off. */
  perMinute: number;
}

/**
 * Caps how fast one address can post leads, so a script cannot flood the database or the
 * admin's lists. Generous, because visitors behind one carrier or office NAT share an address;
 * counted per server instance (in memory). The address is the socket's unless TRUST_PROXY is set.
 */
export const leadRateLimit = fp<LeadRateLimitOptions>(async (app, { perMinute }) => {
  if (perMinute <= 0) return;
  await app.register(rateLimit, {
    max: perMinute,
    timeWindow: 60_000,
    // The error handler turns this into {"error": "..."} with status 429 (and Retry-After).
    errorResponseBuilder: (_request, context) =>
      Object.assign(new Error(TOO_MANY_SUBMISSIONS), { statusCode: context.statusCode }),
  });
});
