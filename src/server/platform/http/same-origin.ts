import type { FastifyRequest } from 'fastify';

/** Not sent by another site: no Origin, the request's own, or SITE_URL's (behind a proxy). */
export function sameOriginCheck(siteUrl: string): (request: FastifyRequest) => boolean {
  const siteOrigin = new URL(siteUrl).origin;
  return (request) => {
    const { origin } = request.headers;
    return (
      origin === undefined ||
      origin === `${request.protocol}://${request.host}` ||
      origin === siteOrigin
    );
  };
}
