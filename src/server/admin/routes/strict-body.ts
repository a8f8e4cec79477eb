import { Ajv } from 'ajv';
import type { FastifyReply } from 'fastify';
import {
  fieldErrorsOf,
  INVALID_FIELDS_MESSAGE,
  type FieldErrors,
} from '../../platform/http/field-errors';

export type Parsed<Value> =
  { value: Value; fields?: undefined } | { value?: undefined; fields: FieldErrors };

// Fastify's own validation coerces ("12" is 12) and drops unknown fields: these bodies refuse both.
const ajv = new Ajv({ allErrors: true, strict: false });

/** Checks a body against `schema` as written; `messages` replace a keyword's refusal text. */
export function strictBody<Value>(schema: object, messages: Record<string, string> = {}) {
  const validate = ajv.compile<Value>(schema);
  return (body: unknown): Parsed<Value> => {
    if (validate(body)) return { value: body };
    return { fields: fieldErrorsOf(validate.errors ?? [], messages) };
  };
}

/** 5,000 characters of any script fit in a text's body (the API's default limit is 16 KB). */
export const TEXT_BODY_LIMIT = 64 * 1024;

export const badRequest = (reply: FastifyReply, fields: FieldErrors) =>
  reply.code(400).send({ error: INVALID_FIELDS_MESSAGE, fields });

export const notFound = (reply: FastifyReply) => reply.code(404).send({ error: 'Not found' });
