import formbody from '@fastify/formbody';
import type { FastifyPluginAsync } from 'fastify';
import { STATUS_ACTIONS } from '@shared/person-status';
import { callsAndAnswers, sentCallMails } from '../../bookings';
import { errorBody, objectOf } from '../../platform/http/api-schemas';
import { statusApi, type LeadDesk, type StatusPage } from '../../leads';

const { NO_PROOF, STATUS_PATH, wantsHtml } = statusApi;

/** "Download my data" (decision 135): the leads of the address the mailbox proves, as a file. */
export const personCopyRoute: FastifyPluginAsync<{ desk: LeadDesk; page: StatusPage }> = async (
  app,
  { desk, page },
) => {
  await app.register(formbody);
  app.post(
    STATUS_ACTIONS.download,
    {
      schema: {
        summary: 'Download my data (status page): a JSON file, recorded in each lead history',
        documentedBody: objectOf({
          lead: { type: 'string', description: 'A lead the page names' },
        }),
        consumes: ['application/json', 'application/x-www-form-urlencoded'],
        response: {
          200: {
            type: 'object',
            additionalProperties: true,
            description: 'my-data.json: {email, generatedAt, leads: [{kind, details, …}]}',
          },
          303: { type: 'null', description: "A browser's post without proof: back to /status" },
          403: { ...errorBody, description: 'No mailbox proof, or a cross-site post' },
        },
      },
    },
    async (request, reply) => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      const lead = page.sameOrigin(request) ? await page.provenLead(request, body.lead) : undefined;
      if (!lead) {
        if (wantsHtml(request)) return reply.code(303).header('Location', STATUS_PATH).send();
        return reply.code(403).send({ error: NO_PROOF });
      }
      const leads = (await page.rowsOfAddress(lead.address)).map(([ref]) => ref);
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
        email: lead.address,
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
