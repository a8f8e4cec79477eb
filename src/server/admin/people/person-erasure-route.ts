import formbody from '@fastify/formbody';
import type { FastifyPluginAsync } from 'fastify';
import { ERASED_MESSAGE, STATUS_ACTIONS } from '@shared/person-status';
import { errorBody, objectOf } from '../../platform/http/api-schemas';
import { statusApi, type FormHandoff, type StatusPage } from '../../leads';
import type { PersonData } from './person-data';

const { confirmedFields, NO_PROOF, STATUS_PATH, unconfirmed, wantsHtml } = statusApi;

/** The person's own erasure (decision 135): what the mailbox proves, after a confirmation. */
export const personErasureRoute: FastifyPluginAsync<{
  people: PersonData;
  page: StatusPage;
  handoff: FormHandoff;
}> = async (app, { people, page, handoff }) => {
  // The page's form posts urlencoded when no script handles it.
  await app.register(formbody);
  app.post(
    STATUS_ACTIONS.erase,
    {
      schema: {
        summary: 'Erase everything about their address (status page)',
        documentedBody: objectOf(confirmedFields),
        consumes: ['application/json', 'application/x-www-form-urlencoded'],
        response: {
          200: objectOf({ message: { type: 'string' } }, 'Erased everywhere in one transaction'),
          303: {
            type: 'null',
            description: "A browser's form post: to /status, which says it is done",
            headers: { Location: { type: 'string', const: STATUS_PATH } },
          },
          400: { ...errorBody, description: 'Not confirmed: nothing erased' },
          403: {
            ...errorBody,
            description: 'No mailbox proof in this browser, or a cross-site post: nothing erased',
          },
        },
      },
    },
    async (request, reply) => {
      // Every lead of the address the mailbox proves; the form proof erases nothing.
      const body = (request.body ?? {}) as Record<string, unknown>;
      const lead = page.sameOrigin(request) ? await page.provenLead(request, body.lead) : undefined;
      const email = lead?.address;
      if (!email) {
        if (wantsHtml(request)) return reply.code(303).header('Location', STATUS_PATH).send();
        return reply.code(403).send({ error: NO_PROOF });
      }
      if (body.confirm !== 'yes') return unconfirmed(request, reply, 'Please confirm the erasure');
      const token = await app.audit.personToken(email);
      await people.erase(email, token, (entry, trx) =>
        app.audit.recordSystem(entry, 'the person (status page)', trx),
      );
      reply.header('Cache-Control', 'no-store');
      if (!wantsHtml(request)) {
        return reply
          .header('Set-Cookie', page.clearedProofs(request))
          .send({ message: ERASED_MESSAGE });
      }
      const done = await handoff.keep(request, STATUS_PATH, { status: { kind: 'erased' } });
      return reply
        .code(303)
        .header('Set-Cookie', [...page.clearedProofs(request), done])
        .header('Location', STATUS_PATH)
        .send();
    },
  );
};
