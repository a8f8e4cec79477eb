import type { FastifyRequest } from 'fastify';

/** False for a request another site made this browser send (SITE_URL's origin is ours too). */
export const isSameOrigin = (request: FastifyRequest, siteUrl: string): boolean => {
  const { origin } = request.headers;
  return (
    origin === undefined ||
    origin === `${request.protocol}://${request.host}` ||
    origin === new URL(siteUrl).origin
  );
};
