import type { FastifyRequest } from 'fastify';

/**
 * The check "not a request another site made this browser send": no Origin, the request's own,
 * or SITE_URL's (ours too behind a rewriting proxy), parsed once here rather than per request.
 */
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
