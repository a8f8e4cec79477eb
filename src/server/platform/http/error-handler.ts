import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { isUnavailableError } from '../database/database-errors';

/** Said with 503: nothing stored (or, WAL_SYNC_FAILED, committed but not synced: 175); send again. */
export const UNAVAILABLE_MESSAGE = 'The service is busy, please try again in a moment';
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 2;

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
  return reply.code(status).send({ error: error.message, fields: refusedFields(error) });
}

/** A route schema's refusals by field (`a.b`), as the forms' own checks name them. */
function refusedFields({ validation }: FastifyError): Record<string, string> | undefined {
  if (!validation) return undefined;
  const fields: Record<string, string> = {};
  for (const { instancePath, params, message } of validation) {
    const missing = (params as { missingProperty?: string }).missingProperty;
    const name = [...instancePath.split('/').filter(Boolean), missing].filter(Boolean).join('.');
    fields[name || 'body'] ??= message ?? 'is not valid';
  }
  return fields;
}

/** Errors Fastify answers before any route (an undecodable URL): the same shape, nothing echoed. */
export function handleFrameworkError(_error: FastifyError, _request: unknown, reply: FastifyReply) {
  return reply.code(400).send({ error: 'Bad request' });
}
