import type { FastifyPluginAsync } from 'fastify';
import { formEmailPreviewSchema } from '@shared/message-templates';
import { resumeLink } from '@shared/person-status';
import type { ServerConfig } from '../../config/config';
import type { Mailer } from '../../platform/mail/mailer';
import { type LeadDesk, adminApi } from '../../leads';
import { errorBody, fieldErrorsBody, idParams } from '../../platform/http/api-schemas';
import { badRequest, notFound, TEXT_BODY_LIMIT } from './admin-replies';
import { customMessage, messageProperty } from './lead-change';

const { candidateKind, candidateResumeLink, formEmailMessage, openStepOf } = adminApi;
const { statusMessageMail } = adminApi;

/** The spec's failure text (section 8); the screen shows the server's message as it is. */
const SEND_FAILED = 'Failed to send form email. Check if SENDGRID_API_KEY is set.';

/** The form e-mail (its status link opens the open step), and its preview; `message` edits it. */
export const emailRoutes: FastifyPluginAsync<{
  desk: LeadDesk;
  mailer: Mailer;
  config: ServerConfig;
}> = async (app, { desk, mailer, config }) => {
  const context = config.site;
  const body = {
    type: 'object',
    properties: messageProperty('the candidate'),
    additionalProperties: false,
  };
  const path = '/api/candidate-submissions/:id/send-email';
  const findCandidate = (id: number) => desk.listing.findLead(candidateKind.table, id);
  const defaultMessage = (candidate: NonNullable<Awaited<ReturnType<typeof findCandidate>>>) =>
    formEmailMessage(context.brandName, candidate.first_name, openStepOf('candidates', candidate));

  app.get<{ Params: { id: number } }>(
    path,
    { schema: { params: idParams, response: { 200: formEmailPreviewSchema, 404: errorBody } } },
    async (request, reply) => {
      const candidate = await findCandidate(request.params.id);
      if (!candidate) return notFound(reply);
      const open = openStepOf('candidates', candidate);
      return {
        message: defaultMessage(candidate),
        values: {
          firstName: candidate.first_name?.trim() ?? '',
          company: '',
          statusLink: `${context.siteUrl}${resumeLink('/status?token=…', open)}`,
          supportEmail: context.supportEmail,
        },
      };
    },
  );

  app.post<{ Params: { id: number }; Body: { message?: unknown } | null }>(
    path,
    {
      bodyLimit: TEXT_BODY_LIMIT,
      schema: {
        params: idParams,
        // Or none at all: the default message.
        body: { ...body, type: ['object', 'null'] },
        documentedBody: body,
        response: {
          200: {
            type: 'object',
            properties: { sent: { type: 'boolean' }, transport: { type: 'string' } },
          },
          400: fieldErrorsBody,
          404: errorBody,
          502: errorBody,
        },
      },
    },
    async (request, reply) => {
      const edited = customMessage(request.body?.message);
      if (edited.fields) return badRequest(reply, edited.fields);
      const { id } = request.params;
      const by = request.adminSession!.account.id;
      const candidate = await findCandidate(id);
      if (!candidate) return notFound(reply);
      const { statusLink, open } = await candidateResumeLink(
        app.database.db,
        candidate,
        config.personMessages.statusLinkDays,
      );
      const person = {
        to: candidate.email,
        statusLink: resumeLink(statusLink, open),
        firstName: candidate.first_name,
        company: null,
      };
      const message = statusMessageMail(context, person, edited.value ?? defaultMessage(candidate));
      let outboxFile: string | undefined;
      try {
        ({ outboxFile } = await mailer.send(message));
      } catch (error) {
        const { code, responseCode } = error as { code?: string; responseCode?: number };
        request.log.error(
          { candidateId: id, transport: mailer.kind, code, responseCode },
          'form e-mail failed',
        );
        return reply.code(502).send({ error: SEND_FAILED });
      }
      // Who it went to, and the text, stay out of the log: the id says enough.
      request.log.info({ candidateId: id, transport: mailer.kind, outboxFile }, 'form e-mail sent');
      // That the text was the recruiter's own, not the text: it may say anything.
      const detail = `via ${mailer.kind}${edited.value ? ', its text edited for this send' : ''}`;
      const entry = { action: 'email_sent', leadType: 'candidate', leadId: id, detail } as const;
      const also = app.audit.recorder(entry, request);
      await desk.pipeline.recordEmailSent(candidateKind.table, id, by, mailer.kind, also);
      // Beside the spec's body: the admin says when the mail only reached the outbox folder.
      return { sent: true, transport: mailer.kind };
    },
  );
};
