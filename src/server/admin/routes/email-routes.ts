import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import type { Mailer, MailMessage } from '../../platform/mail/mailer';
import { paragraphMail } from '../../platform/mail/paragraph-mail';
import { type LeadDesk, adminApi } from '../../leads';
import { idParams } from '../../platform/http/api-schemas';

const { candidateKind, candidateResumeLink, errorBody, resumeParagraph } = adminApi;
type LeadListing = LeadDesk['listing'];

/** The spec's failure text (section 8); the screen shows the server's message as it is. */
export const SEND_FAILED = 'Failed to send form email. Check if SENDGRID_API_KEY is set.';

interface EmailRoutesOptions {
  listing: LeadListing;
  mailer: Mailer;
  brandName: string;
  siteUrl: string;
  /** Where the mailed status link is issued, valid so many days (STATUS_LINK_DAYS). */
  db: Kysely<object>;
  statusLinkDays: number;
  /** Records the e-mail in the lead's timeline (the pipeline's activity). */
  onSent: (candidateId: number, transport: Mailer['kind']) => Promise<void>;
}

type ResumeLink = Awaited<ReturnType<typeof candidateResumeLink>>;

/** The admin's "send form e-mail": a short note whose link resumes the candidate's open step. */
function formEmail(
  to: string,
  firstName: string | null,
  { brandName, siteUrl }: EmailRoutesOptions,
  { statusLink, open }: ResumeLink,
): MailMessage {
  return paragraphMail({ to, subject: `Complete your ${brandName} application` }, [
    firstName?.trim() ? `Hi ${firstName.trim()},` : 'Hi,',
    `Thanks for your interest in the ${brandName} AI data center technician programme: free 8-week training paid for by employers, then a full-time job with a partner company.`,
    resumeParagraph({ siteUrl }, statusLink, open),
    `The ${brandName} team`,
  ]);
}

/** POST /api/candidate-submissions/:id/send-email: the status link, opening the step still open. */
export const emailRoutes: FastifyPluginAsync<EmailRoutesOptions> = async (app, options) => {
  const { listing, mailer } = options;
  app.post<{ Params: { id: number } }>(
    '/api/candidate-submissions/:id/send-email',
    {
      schema: {
        params: idParams,
        response: {
          200: {
            type: 'object',
            properties: { sent: { type: 'boolean' }, transport: { type: 'string' } },
          },
          404: errorBody,
          502: errorBody,
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const candidate = await listing.findLead(candidateKind.table, id);
      if (!candidate) return reply.code(404).send({ error: 'Not found' });
      const link = await candidateResumeLink(options.db, candidate, options.statusLinkDays);
      const message = formEmail(candidate.email, candidate.first_name, options, link);
      try {
        const { outboxFile } = await mailer.send(message);
        // Who it went to stays out of the log: the id says enough.
        request.log.info(
          { candidateId: id, transport: mailer.kind, outboxFile },
          'form e-mail sent',
        );
        // The mail is gone: a failure to note it in the timeline must not answer 5xx.
        await options.onSent(id, mailer.kind).catch((error: unknown) => {
          request.log.error({ err: error, candidateId: id }, 'timeline entry failed');
        });
        // Beside the spec's body: the admin says when the mail only reached the outbox folder.
        return { sent: true, transport: mailer.kind };
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
