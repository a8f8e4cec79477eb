import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { isUnavailableError } from '../database/database-errors';
import { fieldErrorsOf, INVALID_FIELDS_MESSAGE } from './field-errors';

/** Said with 503: nothing stored (or, WAL_SYNC_FAILED, committed but not synced: 175); send again. */
export const UNAVAILABLE_MESSAGE = 'The service is busy, please try again in a moment';
const UNAVAILABLE_RETRY_AFTER_SECONDS = 2;

/** Clients never see stack traces: only the message of 4xx errors, a generic text for 5xx. */
export function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  // The write queue is full or the database refuses writes for now: nothing stored, try again.
  if (isUnavailableError(error)) {
    request.log.warn(
      { err: { name: error.name, code: error.code } },
      'request refused: unavailable',
    );
    return reply
      .code(503)
      .header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS))
      .send({ error: UNAVAILABLE_MESSAGE });
  }
  const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
  // The logger's `err` serializer keeps no `detail` (it can quote a row's values).
  if (status >= 500) {
    request.log.error({ err: error }, 'request failed');
    return reply.code(status).send({ error: 'Internal server error' });
  }
  // A route schema's refusal: its fields in the API's words, as the forms' own checks name them.
  if (error.validation) {
    return reply
      .code(status)
      .send({ error: INVALID_FIELDS_MESSAGE, fields: fieldErrorsOf(error.validation) });
  }
  return reply.code(status).send({ error: error.message });
}

/** Errors Fastify answers before any route (an undecodable URL): the same shape, nothing echoed. */
export function handleFrameworkError(_error: FastifyError, _request: unknown, reply: FastifyReply) {
  return reply.code(400).send({ error: 'Bad request' });
}
