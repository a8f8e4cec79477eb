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

/** One cookie of a Cookie header (no cookie plugin in the public scope). */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return undefined;
}
