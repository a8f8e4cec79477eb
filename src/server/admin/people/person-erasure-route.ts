import formbody from '@fastify/formbody';
import type { FastifyPluginAsync } from 'fastify';
import { ERASED_MESSAGE, STATUS_ACTIONS } from '@shared/person-status';
import { errorBody, objectOf } from '../../platform/http/api-schemas';
import { STATUS_PATH, wantsHtml, type FormHandoff, type StatusPage } from '../../leads';
import type { PersonData } from './person-data';

/** The person's own erasure (decision 135), with the named lead's proof and a confirmation. */
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
        documentedBody: objectOf({
          lead: { type: 'string', description: 'The lead the page names (`c12`, `k3`)' },
          confirm: { type: 'string', const: 'yes', description: 'The confirmation step' },
        }),
        consumes: ['application/json', 'application/x-www-form-urlencoded'],
        response: {
          200: objectOf({ message: { type: 'string' } }, 'Erased everywhere in one transaction'),
          303: {
            type: 'null',
            description: "A browser's form post: to /status, which says it is done",
            headers: { Location: { type: 'string', const: STATUS_PATH } },
          },
          400: { ...errorBody, description: 'Not confirmed: nothing erased' },
          403: { ...errorBody, description: 'No proof of that lead, or a cross-site post' },
        },
      },
    },
    async (request, reply) => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      const navigation = wantsHtml(request);
      const lead = page.sameOrigin(request) ? page.provenLead(request, body.lead) : undefined;
      const email = lead && (await page.emailOf(lead));
      if (!email || body.confirm !== 'yes') {
        if (navigation) return reply.code(303).header('Location', STATUS_PATH).send();
        return email
          ? reply.code(400).send({ error: 'Please confirm the erasure' })
          : reply
              .code(403)
              .send({ error: 'Open your status page from the link in our e-mail first' });
      }
      const token = await app.audit.personToken(email);
      await people.erase(email, token, (entry, trx) =>
        app.audit.recordSystem(entry, 'the person (status page)', trx),
      );
      reply.header('Cache-Control', 'no-store');
      if (!navigation) {
        return reply
          .header('Set-Cookie', page.clearedProof(request))
          .send({ message: ERASED_MESSAGE });
      }
      const done = await handoff.keep(request, STATUS_PATH, { status: { kind: 'erased' } });
      return reply
        .code(303)
        .header('Set-Cookie', [page.clearedProof(request), done])
        .header('Location', STATUS_PATH)
        .send();
    },
  );
};
