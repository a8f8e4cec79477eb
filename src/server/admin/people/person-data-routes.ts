import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { safeParse } from 'zod/mini';
import {
  countsOf,
  personErasureSchema,
  personQuerySchema,
  personReportSchema,
  type PersonErasure,
} from '@shared/admin-person';
import { normalizeEmail } from '../../leads';
import { fieldErrorsBody, objectOf } from '../../platform/http/api-schemas';
import { deliveryError } from '../routes/deliveries-routes';
import { badRequest } from '../routes/admin-replies';
import { countsText, type PersonData } from './person-data';

// In the body, never the URL: a URL is logged along the way (proxies, browser history).
const emailBody = objectOf({
  email: { type: 'string', description: "The person's e-mail address (any case; never logged)" },
});

const badAddress = {
  ...fieldErrorsBody,
  description: 'Missing or invalid address: `fields.email` says so; nothing was read or changed',
};

/** The normalised address of the body, or undefined once a 400 naming `email` is sent. */
function addressOf(request: FastifyRequest, reply: FastifyReply): string | undefined {
  const result = safeParse(personQuerySchema, request.body ?? {});
  if (result.success) return normalizeEmail(result.data.email);
  const message = result.error.issues[0]?.message ?? 'Required';
  void badRequest(reply, { email: message });
  return undefined;
}

/** A person's requests (decision 135): their report and erasure, audited under a keyed hash. */
export const personDataRoutes: FastifyPluginAsync<{ people: PersonData }> = async (
  app,
  { people },
) => {
  const route = '/api/admin/data-subject';
  // The address is checked by the shared schema (addressOf), so Fastify's 400 is not sent.
  const options = (summary: string, answer: object) => ({
    attachValidation: true,
    schema: { summary, body: emailBody, response: { 200: answer, 400: badAddress } },
  });

  // A POST, though it changes nothing but the audit log: the address goes in its body.
  app.post(
    route,
    options("A person's data (access request)", personReportSchema),
    async (request, reply) => {
      const email = addressOf(request, reply);
      if (email === undefined) return reply;
      const token = await app.audit.personToken(email);
      const report = await people.report(email, token);
      const detail = `${token}; found ${countsText(countsOf(report))}`;
      // Nothing changes: the entry is the whole transaction.
      const entry = { action: 'data_subject_access', detail } as const;
      await app.writeQueue.run(app.audit.recorder(entry, request));
      const outboxMessages = report.outboxMessages.map((message) => ({
        ...message,
        lastError: deliveryError(request, message.lastError),
      }));
      return reply.header('cache-control', 'no-store').send({ ...report, outboxMessages });
    },
  );

  app.delete(
    route,
    options("Erase a person's data everywhere (deletion request)", personErasureSchema),
    async (request, reply) => {
      const email = addressOf(request, reply);
      if (email === undefined) return reply;
      const token = await app.audit.personToken(email);
      const erased = await people.erase(email, token, (entry, trx) =>
        app.audit.record(entry, request, trx),
      );
      const answer: PersonErasure = { erasedAt: new Date().toISOString(), erased };
      return reply.header('cache-control', 'no-store').send(answer);
    },
  );
};
