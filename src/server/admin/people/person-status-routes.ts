import formbody from '@fastify/formbody';
import type { FastifyPluginAsync } from 'fastify';
import { ERASED_MESSAGE, STATUS_ACTIONS } from '@shared/person-status';
import { callsAndAnswers, sentCallMails } from '../../bookings';
import { describedError, objectOf } from '../../platform/http/api-schemas';
import { statusApi, type FormHandoff, type LeadDesk, type StatusPage } from '../../leads';
import type { PersonData } from './person-data';

const { confirmed, confirmedFields, provenLead, seeOther, STATUS_PATH, unconfirmed, wantsHtml } =
  statusApi;

/** The status page's "Download my data" and erasure, for the mailbox proven (decision 135). */
export const personStatusRoutes: FastifyPluginAsync<{
  people: PersonData;
  desk: LeadDesk;
  page: StatusPage;
  handoff: FormHandoff;
}> = async (app, { people, desk, page, handoff }) => {
  // The page's forms post urlencoded when no script handles them.
  await app.register(formbody);
  const consumes = ['application/json', 'application/x-www-form-urlencoded'];

  app.post(
    STATUS_ACTIONS.erase,
    {
      schema: {
        summary: 'Erase everything about their address (status page)',
        documentedBody: objectOf(confirmedFields),
        consumes,
        response: {
          200: objectOf({ message: { type: 'string' } }, 'Erased everywhere in one transaction'),
          303: {
            type: 'null',
            description: "A browser's form post: to /status, which says it is done",
            headers: { Location: { type: 'string', const: STATUS_PATH } },
          },
          400: describedError('Not confirmed: nothing erased'),
          403: describedError(
            'No mailbox proof in this browser, or a cross-site post: nothing erased',
          ),
        },
      },
    },
    async (request, reply) => {
      // Every lead of the address the mailbox proves; the form proof erases nothing.
      const { address } = (await provenLead(page, request, reply)) ?? {};
      if (!address) return reply;
      if (!confirmed(request)) return unconfirmed(request, reply, 'Please confirm the erasure');
      const token = await app.audit.personToken(address);
      await people.erase(address, token, (entry, trx) =>
        app.audit.recordSystem(entry, 'the person (status page)', trx),
      );
      reply.header('Cache-Control', 'no-store');
      if (!wantsHtml(request)) {
        return reply
          .header('Set-Cookie', page.clearedProofs(request))
          .send({ message: ERASED_MESSAGE });
      }
      const done = await handoff.keep(request, STATUS_PATH, { status: { kind: 'erased' } });
      return seeOther(reply, STATUS_PATH, [...page.clearedProofs(request), done]);
    },
  );

  app.post(
    STATUS_ACTIONS.download,
    {
      schema: {
        summary: 'Download my data (status page): a JSON file, recorded in each lead history',
        documentedBody: objectOf({
          lead: { type: 'string', description: 'A lead the page names' },
        }),
        consumes,
        response: {
          200: {
            type: 'object',
            additionalProperties: true,
            description: 'my-data.json: {email, generatedAt, leads: [{kind, details, …}]}',
          },
          303: { type: 'null', description: "A browser's post without proof: back to /status" },
          403: describedError('No mailbox proof, or a cross-site post'),
        },
      },
    },
    async (request, reply) => {
      const { address } = (await provenLead(page, request, reply)) ?? {};
      if (!address) return reply;
      const leads = (await page.rowsOfAddress(address)).map(([ref]) => ref);
      const db = app.database.db;
      // A candidate's calls and answers, and the call e-mails sent them (their history).
      const callsOf = async (id: number) => {
        const [bookings, mails] = await Promise.all([
          callsAndAnswers(db, id),
          sentCallMails(db, id),
        ]);
        return { bookings, mails };
      };
      const copy = {
        email: address,
        generatedAt: new Date().toISOString(),
        leads: await desk.personCopy(leads, callsOf),
      };
      return reply
        .header('Cache-Control', 'no-store')
        .header('Content-Type', 'application/json; charset=utf-8')
        .header('Content-Disposition', 'attachment; filename="my-data.json"')
        .send(JSON.stringify(copy, null, 2));
    },
  );
};
