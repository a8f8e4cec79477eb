import fastifyCookie, { type CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyRequest } from 'fastify';

/** Our cookies: HttpOnly, Path=/, SameSite=Lax unless told; Secure on an https SITE_URL or hop. */
export function siteCookies(siteUrl: string) {
  const siteIsHttps = siteUrl.startsWith('https:');
  // Secure is this rule's alone: no caller may weaken it.
  type Options = Omit<CookieSerializeOptions, 'secure'>;
  const attributes = (request: FastifyRequest, options: Options = {}) => ({
    httpOnly: true,
    path: '/',
    sameSite: 'lax' as const,
    secure: siteIsHttps || request.protocol === 'https',
    ...options,
  });
  return {
    /** For reply.setCookie and reply.clearCookie. */
    attributes,
    /** A Set-Cookie header's value; `maxAgeS` 0 clears the cookie. */
    header: (
      request: FastifyRequest,
      name: string,
      value: string,
      maxAgeS: number,
      options: Options = {},
    ) => fastifyCookie.serialize(name, value, attributes(request, { maxAge: maxAgeS, ...options })),
  };
}

export type SiteCookies = ReturnType<typeof siteCookies>;

/** One cookie of a Cookie header (no cookie plugin in the public scope). */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return undefined;
}
