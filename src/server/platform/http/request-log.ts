import { LogController, type FastifyError, type FastifyReply, type FastifyRequest } from 'fastify';

/** A path segment shaped like newToken's (32 bytes, base64url): a secret link's proof. */
const TOKEN_SEGMENT = /(?<=\/)[\w-]{43}(?=[./]|$)/g;

/** Method and path only: the IP and query string are personal data, a path's token a secret. */
export const logSerializers = {
  /** Name, code, message and stack only: PostgreSQL's `detail` can quote a row's values. */
  err: (error: FastifyError) => ({
    type: error.name,
    code: error.code,
    message: error.message,
    stack: error.stack ?? '',
  }),
  req: (request: { method: string; url: string }) => ({
    method: request.method,
    url: request.url.split('?')[0]!.replace(TOKEN_SEGMENT, '[token]'),
  }),
};

/** One line per request, once answered (Fastify's own controller also logs each arrival). */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const facts = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...facts, err: error }, 'request errored');
    else reply.log.info(facts, 'request completed');
  }
}
