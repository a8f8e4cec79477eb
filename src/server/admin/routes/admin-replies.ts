import type { FastifyReply } from 'fastify';
import { INVALID_FIELDS_MESSAGE, type FieldErrors } from '../../platform/http/field-errors';

/** A checked value, or why not: its refused fields. */
export type Parsed<Value> =
  { value: Value; fields?: undefined } | { value?: undefined; fields: FieldErrors };

/** 5,000 characters of any script fit in a text's body (the API's default limit is 16 KB). */
export const TEXT_BODY_LIMIT = 64 * 1024;

export const badRequest = (reply: FastifyReply, fields: FieldErrors) =>
  reply.code(400).send({ error: INVALID_FIELDS_MESSAGE, fields });

export const notFound = (reply: FastifyReply) => reply.code(404).send({ error: 'Not found' });
