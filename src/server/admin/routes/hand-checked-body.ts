import type { FastifyReply } from 'fastify';
import { adminApi } from '../../leads';

const { INVALID_FIELDS_MESSAGE } = adminApi;

export type FieldErrors = Record<string, string>;

export type Parsed<Value> =
  { value: Value; fields?: undefined } | { value?: undefined; fields: FieldErrors };

/** `body` with `known` fields only: Fastify's validation would drop and coerce, not refuse. */
export function knownFields(
  body: unknown,
  known: readonly string[],
  notObject: FieldErrors,
  prefix = '',
): Parsed<Record<string, unknown>> {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return { fields: notObject };
  const unknown = Object.keys(body).filter((key) => !known.includes(key));
  if (unknown.length === 0) return { value: body as Record<string, unknown> };
  return { fields: Object.fromEntries(unknown.map((key) => [`${prefix}${key}`, 'Unknown field'])) };
}

export const badRequest = (reply: FastifyReply, fields: FieldErrors) =>
  reply.code(400).send({ error: INVALID_FIELDS_MESSAGE, fields });
