import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { safeParse } from 'zod/mini';
import { conversionFieldsSchema } from '@shared/schemas/conversion';
import { bodySchemaOf } from '../platform/http/api-schemas';
import { cookieValue } from '../platform/http/cookies';

/** Meta's browser cookies: `fb.<subdomain index>.<ms>.<random or fbclid>`. */
const META_COOKIE = /^fb\.\d\.\d{10,16}\.[A-Za-z0-9_.-]{1,400}$/;

function metaCookie(header: string | undefined, name: '_fbp' | '_fbc'): string | null {
  const cookie = cookieValue(header, name);
  return cookie && META_COOKIE.test(cookie) ? cookie : null;
}

/**
 * A form request's side of its events: event id (the page's, which its pixel sends too, or one
 * made here), consent (Sec-GPC wins), address, cookies. Kept in its outbox messages (or, without
 * the address, its quarantined form) only, never on the lead.
 */
export function submissionClient(request: FastifyRequest) {
  const body = request.body;
  const parsed = safeParse(
    conversionFieldsSchema,
    typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {},
  );
  const fields = parsed.success ? parsed.data : {};
  const gpc = request.headers['sec-gpc'] === '1';
  return {
    eventId: fields.eventId ?? randomUUID(),
    pixelEventId: fields.eventId !== undefined,
    consent: gpc ? 'gpc' : (fields.consent ?? null),
    at: Date.now(),
    ip: request.ip || null,
    userAgent: request.headers['user-agent']?.slice(0, 500) || null,
    fbp: metaCookie(request.headers.cookie, '_fbp'),
    fbc: metaCookie(request.headers.cookie, '_fbc'),
  };
}

export type SubmissionClient = ReturnType<typeof submissionClient>;

const conversionProperties = (bodySchemaOf(conversionFieldsSchema) as { properties: object })
  .properties;

/** A form's documented body with the conversion fields beside the spec's (OpenAPI). */
export function withConversionFields(body: Record<string, unknown>): Record<string, unknown> {
  const properties = (body.properties ?? {}) as object;
  return { ...body, properties: { ...properties, ...conversionProperties } };
}
