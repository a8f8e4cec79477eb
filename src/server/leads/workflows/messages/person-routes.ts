import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import { LOST_LINK_ACTION, LOST_LINK_SENTENCE } from '@shared/person-status';
import { describedError, objectOf, retryAfterHeader } from '../../../platform/http/api-schemas';
import { tablesOf } from '../../../platform/database/connection';
import { enqueueMessages } from '../../../platform/outbox/outbox';
import type { OutboxTables } from '../../../platform/outbox/outbox-tables';
import { refuseFlood, scopedKey } from '../screening/address-counters';
import { addressKeyOf, type AddressKey } from '../../../platform/http/address-key';
import { normalizeEmail } from '../../records/upsert';
import { leadsWithEmail } from '../../records/lead-contacts';
import { leadTables, leadTypeOf } from '../../records/lead-tables';
import { stopMessages } from '../people/person-writes';
import type { PipelineTables } from '../../records/pipeline-tables';
import { PERSON_STATUS_LINK, type PersonMailContext } from './person-mail';
import { STATUS_PATH } from '../people/status-link';
import {
  UNSUBSCRIBE_PATH,
  candidateOfUnsubscribeToken,
  unsubscribeKey,
  type PersonMessageTables,
  type StatusLinkPayload,
} from './person-sender';
import { escapeHtml } from '@shared/escape-html';
import { smallPage } from '../capture/html-form-posts';
import type { MailAllowance, MailAllowanceTables } from './mail-allowance';

/** "Lost your link?" requests a minute from one address, and new links a day per e-mail. */
export const LOST_LINK_ADDRESS_LIMIT = 5;
export const LOST_LINK_EMAILS_A_DAY = 10;
/** New links a day per e-mail asked from one client address: a stranger spends no one else's. */
export const LOST_LINK_PAIR_A_DAY = 3;
/** Its requests a day from one address: else it could mail a link to every address it knows. */
export const LOST_LINK_ADDRESS_A_DAY = 10;

/** The unsubscribe link opens outside the site's app: a small page of its own. */
function page(reply: FastifyReply, status: number, title: string, body: string) {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex')
    .send(smallPage(title, body));
}

const htmlPage = (description: string) => ({
  description,
  content: { 'text/html': { schema: { type: 'string' } } },
});

const unsubscribeSchema = (success: string) => ({
  querystring: {
    type: 'object',
    properties: { token: { type: 'string', maxLength: 100 } },
  },
  response: {
    200: htmlPage(success),
    400: htmlPage('The token is missing or not ours: a page that says so'),
  },
});

/** The person's requests without a sign-in: one-click unsubscribe (RFC 8058), "Lost your link?". */
export const personRoutes: FastifyPluginAsync<{
  mailAllowance: MailAllowance;
  perAddress: boolean;
  context: PersonMailContext;
}> = async (app, { mailAllowance, perAddress, context }) => {
  const db = tablesOf<PersonMessageTables>(app.database.db);
  const pipeline = tablesOf<PipelineTables>(app.database.db);
  const lostLinkFlood = {
    counters: app.spamDefence.addressCounters,
    limit: LOST_LINK_ADDRESS_LIMIT,
  };
  const key = unsubscribeKey(app.spamDefence.formTimeKey);
  // RFC 8058's POST body is `List-Unsubscribe=One-Click`, form-encoded or multipart: not needed.
  app.addContentTypeParser('multipart/form-data', (_request, _payload, done) => done(null));

  const invalidLink = (reply: FastifyReply) =>
    page(reply, 400, 'This link is not valid', '<p>Please use the link of our latest e-mail.</p>');

  // A mail scanner may open the link: a GET only asks, the POST stops.
  app.get<{ Querystring: { token?: string } }>(
    UNSUBSCRIBE_PATH,
    { schema: unsubscribeSchema('A page asking to confirm, with a button that POSTs') },
    async (request, reply) => {
      const { token } = request.query;
      if (candidateOfUnsubscribeToken(key, token) === undefined) return invalidLink(reply);
      return page(
        reply,
        200,
        'Stop reminders?',
        `<p>We will send no more reminders about your ${escapeHtml(context.brandName)} application.</p><form method="post" action="${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token ?? '')}"><button type="submit">Stop reminders</button></form>`,
      );
    },
  );

  app.post<{ Querystring: { token?: string } }>(
    UNSUBSCRIBE_PATH,
    {
      schema: unsubscribeSchema(
        'Reminders stopped (RFC 8058 one-click: the body List-Unsubscribe=One-Click is not needed)',
      ),
    },
    async (request, reply) => {
      const id = candidateOfUnsubscribeToken(key, request.query.token);
      if (id === undefined) return invalidLink(reply);
      // An erased lead has nothing left to stop: the same answer.
      await stopMessages(pipeline, app.database.dialect, { table: 'candidates', id }, false);
      return page(
        reply,
        200,
        'Reminders stopped',
        '<p>You will get no more reminders from us.</p>',
      );
    },
  );

  app.post<{ Body: { email: string } }>(
    LOST_LINK_ACTION,
    {
      schema: {
        consumes: ['application/json', 'application/x-www-form-urlencoded'],
        body: objectOf({ email: { type: 'string', maxLength: 254 } }),
        response: {
          200: objectOf(
            { message: { type: 'string', const: LOST_LINK_SENTENCE } },
            'Always the same sentence, whether or not the e-mail has a lead',
          ),
          303: describedError('A form posted without JavaScript: back to /status?link=sent'),
          429: describedError('Too many requests from this address', retryAfterHeader),
        },
      },
    },
    async (request, reply) => {
      const now = Date.now();
      const byAddress = scopedKey('status-link', addressKeyOf(request));
      const refused = await refuseFlood(lostLinkFlood, byAddress, reply, now);
      if (refused) return refused;
      const from = perAddress ? addressKeyOf(request) : undefined;
      await sendLinks(db, mailAllowance, normalizeEmail(request.body.email), now, from);
      if ((request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
        return reply.redirect(`${STATUS_PATH}?link=sent`, 303);
      }
      return { message: LOST_LINK_SENTENCE };
    },
  );
};

/** A status link for each lead of the address, within the day's caps; past one, none. */
async function sendLinks(
  db: Kysely<PersonMessageTables>,
  allowance: MailAllowance,
  email: string,
  nowMs: number,
  from: AddressKey | undefined,
) {
  await db.transaction().execute(async (trx) => {
    // In turn: a client address past its caps no longer spends the e-mail's own (without
    // LEAD_RATE_LIMIT, every request is from one address).
    const caps = [
      { key: `status links from ${from ?? 'anywhere'} to ${email}`, limit: LOST_LINK_PAIR_A_DAY },
      { key: `status links to ${email}`, limit: LOST_LINK_EMAILS_A_DAY },
    ];
    if (from) caps.unshift({ key: `status links from ${from}`, limit: LOST_LINK_ADDRESS_A_DAY });
    if (!(await allowance.take(tablesOf<MailAllowanceTables>(trx), caps, nowMs))) return;
    const leads: StatusLinkPayload[] = [];
    for (const table of leadTables) {
      const row = await trx
        .selectFrom(table)
        .select('id')
        .where('email_normalized', '=', email)
        .executeTakeFirst();
      if (row) {
        leads.push({ table, id: row.id });
        continue;
      }
      // A merged lead that kept the address as a secondary contact (decision 161).
      const kept = await leadsWithEmail(trx, table, email)
        .select('lead_contacts.id as contactId')
        .orderBy('lead_contacts.id')
        .executeTakeFirst();
      if (kept) leads.push({ table, id: kept.id, contactId: kept.contactId });
    }
    await enqueueMessages(
      tablesOf<OutboxTables>(trx),
      leads.map((lead) => ({
        destination: 'person' as const,
        topic: PERSON_STATUS_LINK,
        payload: lead,
        subjectType: leadTypeOf(lead.table),
        subjectId: lead.id,
      })),
      new Date(nowMs).toISOString(),
    );
  });
}
