import { Ajv, type ErrorObject } from 'ajv';
import type { FastifyReply } from 'fastify';
import { adminApi } from '../../leads';

const { INVALID_FIELDS_MESSAGE } = adminApi;

export type FieldErrors = Record<string, string>;

export type Parsed<Value> =
  { value: Value; fields?: undefined } | { value?: undefined; fields: FieldErrors };

// Fastify's own validation coerces ("12" is 12) and drops unknown fields: these bodies refuse both.
const ajv = new Ajv({ allErrors: true, strict: false });

/** `filter.status` of `/filter/status`, `ids` of `/ids/0`, `body` of the body itself. */
function fieldOf({ instancePath, params }: ErrorObject): string {
  const { missingProperty, additionalProperty } = params as Record<string, string | undefined>;
  const path = instancePath.split('/').filter((part) => part !== '' && !/^\d+$/.test(part));
  const named = missingProperty ?? additionalProperty;
  return [...path, ...(named === undefined ? [] : [named])].join('.') || 'body';
}

function messageOf({ keyword, message, params }: ErrorObject): string {
  if (keyword === 'required') return 'Required';
  if (keyword === 'additionalProperties') return 'Unknown field';
  if (keyword === 'enum') return `Must be one of: ${(params.allowedValues as string[]).join(', ')}`;
  const text = message ?? 'Invalid';
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The check of a body against its documented `schema`, as written; `messages` replace, by
 * keyword, what a refusal says. Each refused field is named with its first problem.
 */
export function strictBody<Value>(schema: object, messages: Record<string, string> = {}) {
  const validate = ajv.compile<Value>(schema);
  return (body: unknown): Parsed<Value> => {
    if (validate(body)) return { value: body };
    const fields: FieldErrors = {};
    for (const error of validate.errors ?? []) {
      fields[fieldOf(error)] ??= messages[error.keyword] ?? messageOf(error);
    }
    return { fields };
  };
}

/** 5,000 characters of any script fit in a text's body (the API's default limit is 16 KB). */
export const TEXT_BODY_LIMIT = 64 * 1024;

export const badRequest = (reply: FastifyReply, fields: FieldErrors) =>
  reply.code(400).send({ error: INVALID_FIELDS_MESSAGE, fields });

export const notFound = (reply: FastifyReply) => reply.code(404).send({ error: 'Not found' });
