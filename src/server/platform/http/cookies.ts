import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyRequest } from 'fastify';

/**
 * The one way a cookie's attributes are built: HttpOnly, Path=/ and SameSite=Lax unless told,
 * and Secure on an https SITE_URL whatever the last hop says (a TLS proxy may not forward it).
 */
export const cookieAttributes =
  (siteUrl: string) =>
  (request: FastifyRequest, options: CookieSerializeOptions = {}): CookieSerializeOptions => ({
    httpOnly: true,
    path: '/',
    sameSite: 'lax',
    secure: siteUrl.startsWith('https:') || request.protocol === 'https',
    ...options,
  });
