import type { FastifyReply, FastifyRequest } from 'fastify';

interface ErrorLike {
  statusCode?: number;
  name?: string;
  code?: string;
  message: string;
  stack?: string;
}

/** Clients never see stack traces: only the message of 4xx errors, a generic text for 5xx. */
export function handleError(error: ErrorLike, request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
  // Name, code and message only: a database error's other properties (PostgreSQL's
  // `detail`) can quote the values of a row, i.e. personal data.
  if (status >= 500) {
    request.log.error(
      { err: { type: error.name, code: error.code, message: error.message, stack: error.stack } },
      'request failed',
    );
  }
  return reply
    .code(status)
    .send({ error: status >= 500 ? 'Internal server error' : error.message });
}
