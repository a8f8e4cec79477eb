import type { FastifyPluginAsync } from 'fastify';
import { formEmail } from '../email/form-email';
import type { Mailer } from '../email/mailer';
import type { AdminRouteOptions } from './admin-leads';

/** The spec's failure text (section 8); the screen shows the server's message as it is. */
export const SEND_FAILED = 'Failed to send form email. Check if SENDGRID_API_KEY is set.';

export interface AdminEmailOptions extends AdminRouteOptions {
  mailer: Mailer;
  brandName: string;
  siteUrl: string;
}

/** POST /api/candidate-submissions/:id/send-email: the link to complete the application. */
export const adminEmailRoutes: FastifyPluginAsync<AdminEmailOptions> = async (app, options) => {
  const { queries, mailer } = options;
  app.post<{ Params: { id: number } }>(
    '/api/candidate-submissions/:id/send-email',
    {
      schema: {
        params: {
          type: 'object',
          properties: { id: { type: 'integer', minimum: 1 } },
          required: ['id'],
        },
        response: {
          200: { type: 'object', properties: { sent: { type: 'boolean' } } },
          404: { type: 'object', properties: { error: { type: 'string' } } },
          502: { type: 'object', properties: { error: { type: 'string' } } },
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const candidate = await queries.findCandidate(id);
      if (!candidate) return reply.code(404).send({ error: 'Not found' });
      const message = formEmail({
        to: candidate.email,
        firstName: candidate.first_name,
        brandName: options.brandName,
        siteUrl: options.siteUrl,
      });
      try {
        const { outboxFile } = await mailer.send(message);
        // Who it went to stays out of the log: the id says enough.
        request.log.info(
          { candidateId: id, transport: mailer.kind, outboxFile },
          'form e-mail sent',
        );
        return { sent: true };
      } catch (error) {
        const { code, responseCode } = error as { code?: string; responseCode?: number };
        request.log.error(
          { candidateId: id, transport: mailer.kind, code, responseCode },
          'form e-mail failed',
        );
        return reply.code(502).send({ error: SEND_FAILED });
      }
    },
  );
};
