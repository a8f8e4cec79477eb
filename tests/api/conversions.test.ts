import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config/config';
import { tablesOf } from '../../src/server/platform/database/connection';
import { enqueueMessages } from '../../src/server/platform/outbox/outbox';
import type { OutboxTables } from '../../src/server/platform/outbox/outbox-tables';
import { adminEnv, patchCandidateStatus, signIn } from '../support/admin';
import { candidateIdOf, companiesWithEmail, leadProofOf } from '../support/api';
import { eventRefused, startGraphReceiver, type GraphRequest } from '../support/graph-receiver';
import { validBodies } from '../support/lead-bodies';
import { eventually } from '../support/eventually';
import {
  createTestApp,
  describeEachDatabase,
  uniqueEmail,
  type TestApp,
} from '../support/test-app';

const SITE_URL = 'https://talent.example';
const PIXEL_ID = '123456789012345';
const TOKEN = 'EAAtest-conversions-token';
const FBP = 'fb.1.1596403881668.1116446470';
const FBCLID = 'IwAR2F4-dbP0l7Mn1IawQQGCINEz7PYXQvwjNwB_qa2ofrHyiLjcbCRxTDMgE';
const BROWSER = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148';

const graph = await startGraphReceiver();
afterAll(() => graph.close());

const capiEnv = {
  ...adminEnv,
  SITE_URL,
  META_PIXEL_ID: PIXEL_ID,
  META_CAPI_ACCESS_TOKEN: TOKEN,
  META_GRAPH_URL: graph.url,
  META_TEST_EVENT_CODE: 'TEST4821',
};
const FAST = { pollMs: 30, retryBaseMs: 50 };

const REFUSED =
  'Meta answered HTTP 400: Invalid parameter (code 100, subcode 2804003). ' +
  'Event Timestamp Too Old: The timestamp for this event is too far in the past.';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** The events Meta received with this event id, in arrival order. */
const eventsWithId = (eventId: string) =>
  graph.received.flatMap((request) =>
    request.body.data
      .filter((event) => event.event_id === eventId)
      .map((event) => ({ request, event })),
  );

interface FormPost {
  url: string;
  body: Record<string, unknown>;
  consent?: string;
  headers?: Record<string, string>;
}

/** POSTs a form as the browser does: the spec's payload, with eventId and consent beside it. */
function postForm(app: FastifyInstance, { url, body, consent = 'granted', headers }: FormPost) {
  const eventId = randomUUID();
  const response = app.inject({
    method: 'POST',
    url,
    headers: {
      'content-type': 'application/json',
      'user-agent': BROWSER,
      cookie: `_fbp=${FBP}; theme=dark`,
      ...headers,
    },
    payload: JSON.stringify({ ...body, eventId, consent }),
  });
  return { eventId, response };
}

const metaRows = (testApp: TestApp, leadType: 'candidate' | 'company', leadId: number) =>
  testApp.db
    .selectFrom('outbox_messages')
    .selectAll()
    .where('destination', '=', 'meta')
    .where('subject_type', '=', leadType)
    .where('subject_id', '=', leadId)
    .orderBy('id')
    .execute();

describeEachDatabase(
  'Meta Conversions API events',
  (current) => {
    it('sends Lead and SubmitApplication for an application, hashed as Meta documents', async () => {
      const testApp = current();
      const email = `  John_Smith+${randomUUID().slice(0, 8)}@Gmail.com `;
      const { eventId, response } = postForm(testApp.app, {
        url: '/api/candidates/submit',
        body: {
          ...validBodies.candidateApplication(email),
          firstName: 'Mary',
          lastName: 'Valéry',
          phone: '(650)555-1212',
          attribution: { page: '/apply', utmSource: 'facebook', fbclid: FBCLID },
        },
      });
      expect((await response).statusCode).toBe(200);
      const id = await candidateIdOf(testApp.db, email);
      const sent = await eventually(() => {
        const events = eventsWithId(eventId);
        return events.length === 2 ? events : undefined;
      });
      const byName = Object.fromEntries(sent.map(({ event }) => [event.event_name, event]));
      expect(Object.keys(byName).sort()).toEqual(['Lead', 'SubmitApplication']);
      const request: GraphRequest = sent[0]!.request;
      expect(request.path).toBe(`/v24.0/${PIXEL_ID}/events`);
      expect(request.body.access_token).toBe(TOKEN);
      expect(request.body.test_event_code).toBe('TEST4821');
      expect(request.body.data).toHaveLength(1);

      const lead = byName.Lead as Record<string, unknown> & { user_data: { fbc: string } };
      expect(lead).toEqual({
        event_name: 'Lead',
        event_time: expect.any(Number),
        event_id: eventId,
        action_source: 'website',
        event_source_url: `${SITE_URL}/apply`,
        user_data: {
          em: [sha256(email.trim().toLowerCase())],
          // Meta's documented examples: (650)555-1212, Mary, Valéry.
          ph: ['e323ec626319ca94ee8bff2e4c87cf613be6ea19919ed1364124e16807ab3176'],
          fn: ['6915771be1c5aa0c886870b6951b03d7eafc121fea0e80a5ea83beb7c449f4ec'],
          ln: ['08e1996b5dd49e62a4b4c010d44e4345592a863bb9f8e3976219bac29417149c'],
          external_id: [sha256(`candidate-${id}`)],
          client_ip_address: '127.0.0.1',
          client_user_agent: BROWSER,
          fbp: FBP,
          fbc: lead.user_data.fbc,
        },
      });
      expect(Math.abs(Number(lead.event_time) - Date.now() / 1000)).toBeLessThan(60);
      expect(byName.SubmitApplication).toEqual({ ...lead, event_name: 'SubmitApplication' });

      // Sent: the outbox keeps the state, not the copy of the data (IP, browser, e-mail).
      const rows = await eventually(async () => {
        const found = await metaRows(testApp, 'candidate', id);
        return found.every((row) => row.state === 'sent') ? found : undefined;
      });
      expect(rows.map((row) => [row.topic, row.payload])).toEqual([
        ['Lead', '{}'],
        ['SubmitApplication', '{}'],
      ]);
      // The lead's submission records the consent; its attribution keeps the fbclid.
      const [submission] = await testApp.db
        .selectFrom('lead_submissions')
        .selectAll()
        .where('lead_table', '=', 'candidates')
        .where('lead_id', '=', id)
        .execute();
      expect(submission?.consent).toBe('granted');
      expect(JSON.parse(submission?.attribution ?? '{}')).toMatchObject({ fbclid: FBCLID });
      // No _fbc: Meta's fbc of the click, timed when its fbclid was first received.
      expect(lead.user_data.fbc).toBe(`fb.1.${Date.parse(submission!.created_at)}.${FBCLID}`);
    });

    it('uses the _fbc cookie as sent, and makes an event id when the form sent none', async () => {
      const testApp = current();
      const email = uniqueEmail('fbc');
      const fbc = `fb.1.1554763741205.${FBCLID}`;
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/companies/email',
        headers: { 'content-type': 'application/json', cookie: `_fbc=${fbc}` },
        payload: JSON.stringify({
          ...validBodies.companyEmail(email),
          consent: 'granted',
          attribution: { page: '/companies', fbclid: 'other' },
        }),
      });
      expect(response.statusCode).toBe(200);
      const [company] = await companiesWithEmail(testApp.db, email);
      const event = await eventually(() =>
        graph.received
          .flatMap((request) => request.body.data)
          .find(
            (sent) => (sent.user_data as { em: string[] }).em[0] === sha256(email.toLowerCase()),
          ),
      );
      expect(event).toMatchObject({
        event_name: 'Lead',
        event_source_url: `${SITE_URL}/companies`,
        user_data: { external_id: [sha256(`company-${company!.id}`)], fbc },
      });
      expect(String(event.event_id)).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('matches a company’s request on the phone it left, normalized and hashed', async () => {
      const testApp = current();
      const email = uniqueEmail('company-phone');
      const { eventId, response } = postForm(testApp.app, {
        url: '/api/companies/submit',
        body: { ...validBodies.companyRequest(email), phone: '(555) 010-0142' },
      });
      expect((await response).statusCode).toBe(200);
      const lead = await eventually(() => eventsWithId(eventId)[0]);
      expect(lead.event).toMatchObject({
        event_name: 'Lead',
        user_data: { fn: [sha256('grace')], ln: [sha256('hopper')], ph: [sha256('15550100142')] },
      });
    });

    it('sends nothing without consent: opted out, not accepted, or Global Privacy Control', async () => {
      const testApp = current();
      const cases: FormPost[] = [
        { url: '/api/candidates/email', body: {}, consent: 'denied' },
        { url: '/api/candidates/email', body: {}, consent: 'gpc' },
        // The browser's Sec-GPC header wins over what the body says.
        { url: '/api/candidates/email', body: {}, headers: { 'sec-gpc': '1' } },
      ];
      for (const form of cases) {
        const email = uniqueEmail('no-consent');
        const { response } = postForm(testApp.app, {
          ...form,
          body: validBodies.candidateEmail(email),
        });
        expect((await response).statusCode).toBe(200);
        const id = await candidateIdOf(testApp.db, email);
        expect(await metaRows(testApp, 'candidate', id)).toEqual([]);
        const [submission] = await testApp.db
          .selectFrom('lead_submissions')
          .select('consent')
          .where('lead_table', '=', 'candidates')
          .where('lead_id', '=', id)
          .execute();
        expect(submission?.consent).toBe(form.consent === 'denied' ? 'denied' : 'gpc');
      }
      // A form that says nothing about consent: no event either.
      const email = uniqueEmail('silent');
      await testApp.app.inject({
        method: 'POST',
        url: '/api/candidates/email',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(validBodies.candidateEmail(email)),
      });
      expect(await metaRows(testApp, 'candidate', await candidateIdOf(testApp.db, email))).toEqual(
        [],
      );
    });

    it('sends CompleteRegistration once, whichever of the questionnaire calls comes first', async () => {
      const testApp = current();
      const email = uniqueEmail('questionnaire');
      const basic = postForm(testApp.app, {
        url: '/api/candidates/basic-info',
        body: { ...validBodies.candidateBasicInfo(email), attribution: { page: '/candidates' } },
      });
      expect((await basic.response).statusCode).toBe(200);
      // The same browser: its proof makes its later forms the person's (decision 176).
      const headers = { cookie: `_fbp=${FBP}; ${leadProofOf(await basic.response)}` };
      const answers = postForm(testApp.app, {
        url: '/api/candidates/questionnaire',
        body: { ...validBodies.questionnaire(email), attribution: { page: '/typeform' } },
        headers,
      });
      expect((await answers.response).statusCode).toBe(200);
      const completed = postForm(testApp.app, {
        url: '/api/candidates/typeform-completed',
        body: validBodies.typeformCompleted(email),
        headers,
      });
      expect((await completed.response).statusCode).toBe(200);
      const id = await candidateIdOf(testApp.db, email);
      const rows = await metaRows(testApp, 'candidate', id);
      expect(rows.map((row) => row.topic)).toEqual(['Lead', 'CompleteRegistration']);
      const registration = await eventually(() => eventsWithId(answers.eventId)[0]);
      expect(registration.event).toMatchObject({
        event_name: 'CompleteRegistration',
        event_source_url: `${SITE_URL}/typeform`,
        // The names typed on /candidates, read from the lead.
        user_data: { fn: [sha256('ada')], ln: [sha256('lovelace')], ph: [sha256('15550100')] },
      });
      expect(eventsWithId(completed.eventId)).toEqual([]);
    });

    it('retries after Meta fails; gives up at once, in Meta’s words, an event it refuses', async () => {
      const testApp = current();
      const email = uniqueEmail('retry');
      const { eventId, response } = postForm(testApp.app, {
        url: '/api/candidates/email',
        body: { ...validBodies.candidateEmail(email), attribution: { page: '/career' } },
      });
      graph.failFor(eventId, 2);
      // Another lead's event meanwhile goes at its first attempt: Meta failed the first one only.
      const alongside = uniqueEmail('alongside');
      const other = postForm(testApp.app, {
        url: '/api/candidates/email',
        body: validBodies.candidateEmail(alongside),
      });
      expect((await response).statusCode).toBe(200);
      expect((await other.response).statusCode).toBe(200);
      await eventually(() => eventsWithId(eventId)[0]);
      const sentRow = async (leadEmail: string) => {
        const id = await candidateIdOf(testApp.db, leadEmail);
        const [row] = await eventually(async () => {
          const found = await metaRows(testApp, 'candidate', id);
          return found[0]?.state === 'sent' ? found : undefined;
        });
        return { id, attempts: row?.attempts };
      };
      const { id, attempts } = await sentRow(email);
      expect(attempts).toBe(3);
      expect((await sentRow(alongside)).attempts).toBe(1);

      const refused = uniqueEmail('refused');
      const post = postForm(testApp.app, {
        url: '/api/candidates/email',
        body: validBodies.candidateEmail(refused),
      });
      graph.failFor(post.eventId, Infinity, eventRefused);
      expect((await post.response).statusCode).toBe(200);
      const refusedId = await candidateIdOf(testApp.db, refused);
      const [failing] = await eventually(async () => {
        const found = await metaRows(testApp, 'candidate', refusedId);
        return found[0]?.last_error ? found : undefined;
      });
      // Meta's own words on what it refused, not only "Invalid parameter", for the owner to act;
      // refused for its own data, it would be refused for a week: tried once, given up.
      expect(failing).toMatchObject({ last_error: REFUSED, state: 'failed', attempts: 1 });

      // The admin's detail of each lead says what happened to its events.
      const cookie = await signIn(testApp.app);
      const detail = async (leadId: number) =>
        (
          await testApp.app.inject({
            method: 'GET',
            url: `/api/candidate-submissions/${leadId}`,
            headers: { cookie },
          })
        ).json<{ conversions: unknown[] }>().conversions;
      expect(await detail(id)).toEqual([
        { event: 'Lead', state: 'sent', error: null, attempts: 3, at: expect.any(String) },
      ]);
      expect(await detail(refusedId)).toEqual([
        { event: 'Lead', state: 'failed', error: REFUSED, attempts: 1, at: expect.any(String) },
      ]);
      // ...and the Delivery problems notice counts it.
      const deliveries = (
        await testApp.app.inject({
          method: 'GET',
          url: '/api/admin/deliveries',
          headers: { cookie },
        })
      ).json<{
        failedByDestination: Record<string, number>;
        failed: { destination: string; leadId: number; lastError: string | null }[];
      }>();
      expect(deliveries.failed).toContainEqual(
        expect.objectContaining({ destination: 'meta', leadId: refusedId, lastError: REFUSED }),
      );
      expect(deliveries.failedByDestination).toEqual({
        email: 0,
        webhook: 0,
        meta: 1,
        person: 0,
        calendar: 0,
      });
    });

    it('retries what Meta refuses for the account (token, permission) or as transient', async () => {
      const testApp = current();
      const refusals = [
        { code: 190, message: 'Error validating access token: Session has expired' },
        { code: 100, error_subcode: 33, message: 'Unsupported post request. Missing permissions' },
        { code: 100, error_subcode: 2804019, is_transient: true, message: 'Invalid parameter' },
      ];
      for (const refusal of refusals) {
        const email = uniqueEmail('account');
        const { eventId, response } = postForm(testApp.app, {
          url: '/api/candidates/email',
          body: validBodies.candidateEmail(email),
        });
        graph.failFor(eventId, 2, { status: 400, body: JSON.stringify({ error: refusal }) });
        expect((await response).statusCode).toBe(200);
        const id = await candidateIdOf(testApp.db, email);
        // Sent once the owner mends the setting (here: Meta's third answer).
        const [row] = await eventually(async () => {
          const found = await metaRows(testApp, 'candidate', id);
          return found[0]?.state === 'sent' ? found : undefined;
        });
        expect(row?.attempts, refusal.message).toBe(3);
        expect(eventsWithId(eventId)).toHaveLength(1);
      }
    });

    it('gives up, without sending, an event older than the 7 days Meta accepts', async () => {
      const testApp = current();
      const eventId = randomUUID();
      const eightDaysAgo = Date.now() - 8 * 24 * 60 * 60 * 1000;
      await enqueueMessages(
        tablesOf<OutboxTables>(testApp.db),
        [
          {
            destination: 'meta',
            topic: 'Lead',
            subjectType: 'candidate',
            subjectId: 987654,
            payload: {
              eventName: 'Lead',
              eventId,
              eventTimeMs: eightDaysAgo,
              actionSource: 'website',
              sourcePage: '/career',
              lead: { type: 'candidate', id: 987654, email: 'old@example.com' },
              client: { ip: null, userAgent: null, fbp: null, fbc: null, fbclid: null },
            },
          },
        ],
        new Date().toISOString(),
      );
      const [row] = await eventually(async () => {
        const found = await metaRows(testApp, 'candidate', 987654);
        return found[0]?.state === 'failed' ? found : undefined;
      });
      expect(row?.last_error).toBe('older than 7 days: Meta no longer accepts it');
      expect(eventsWithId(eventId)).toEqual([]);
    });

    it("gives up a pixel event's copy past Meta's 48 hours to deduplicate them; the rest still go", async () => {
      const testApp = current();
      // Meta is down for two days: the events wait in the outbox.
      graph.down();
      const fromPage = uniqueEmail('late-page');
      const page = postForm(testApp.app, {
        url: '/api/candidates/submit',
        body: validBodies.candidateApplication(fromPage),
      });
      expect((await page.response).statusCode).toBe(200);
      // A script's form: no event id of the page's, so no pixel copy that Meta could count.
      const fromScript = uniqueEmail('late-script');
      const script = await testApp.app.inject({
        method: 'POST',
        url: '/api/candidates/email',
        headers: { 'content-type': 'application/json', 'user-agent': BROWSER },
        payload: JSON.stringify({ ...validBodies.candidateEmail(fromScript), consent: 'granted' }),
      });
      expect(script.statusCode).toBe(200);
      const ids = [
        await candidateIdOf(testApp.db, fromPage),
        await candidateIdOf(testApp.db, fromScript),
      ];
      const rows = async () =>
        (await Promise.all(ids.map((id) => metaRows(testApp, 'candidate', id)))).flat();
      const waiting = await eventually(async () => {
        const found = await rows();
        return found.length === 3 && found.every((row) => row.attempts > 0) ? found : undefined;
      });
      // ...49 hours ago, as the events' own times say.
      for (const row of waiting) {
        const payload = JSON.parse(row.payload) as { eventTimeMs: number };
        payload.eventTimeMs -= 49 * 60 * 60 * 1000;
        await testApp.db
          .updateTable('outbox_messages')
          .set({ payload: JSON.stringify(payload) })
          .where('id', '=', row.id)
          .execute();
      }
      graph.recover();
      const done = await eventually(async () => {
        const found = await rows();
        return found.every((row) => row.state !== 'pending') ? found : undefined;
      });
      expect(done.map((row) => [row.subject_id, row.topic, row.state, row.last_error])).toEqual([
        [ids[0], 'Lead', 'failed', "48 hours after the pixel's copy: Meta would count it twice"],
        [ids[0], 'SubmitApplication', 'sent', expect.any(String)],
        [ids[1], 'Lead', 'sent', expect.any(String)],
      ]);
      const sent = eventsWithId(page.eventId).map(({ event }) => event.event_name);
      expect(sent).toEqual(['SubmitApplication']);
    });

    it('sends a custom event when the admin moves a candidate to qualified, enrolled or placed', async () => {
      const testApp = current();
      const cookie = await signIn(testApp.app);
      const email = uniqueEmail('status');
      const form = postForm(testApp.app, {
        url: '/api/candidates/basic-info',
        body: {
          ...validBodies.candidateBasicInfo(email),
          attribution: { page: '/candidates', fbclid: FBCLID },
        },
      });
      expect((await form.response).statusCode).toBe(200);
      const id = await candidateIdOf(testApp.db, email);
      const setStatus = (status: string) =>
        testApp.app.inject({
          method: 'PATCH',
          url: `/api/candidate-submissions/${id}`,
          headers: { cookie },
          payload: { status },
        });
      for (const status of ['contacted', 'qualified', 'enrolled', 'new', 'enrolled']) {
        expect((await setStatus(status)).statusCode).toBe(200);
      }
      const rows = await metaRows(testApp, 'candidate', id);
      // Once per status: moving back and forth sends no second 'enrolled'.
      expect(rows.map((row) => row.topic)).toEqual(['Lead', 'qualified', 'enrolled']);
      const qualified = await eventually(() =>
        graph.received
          .flatMap((request) => request.body.data)
          .find(
            (event) =>
              event.event_name === 'qualified' &&
              (event.user_data as { em: string[] }).em[0] === sha256(email.toLowerCase()),
          ),
      );
      const created = await testApp.db
        .selectFrom('lead_submissions')
        .select('created_at')
        .where('lead_table', '=', 'candidates')
        .where('lead_id', '=', id)
        .executeTakeFirstOrThrow();
      expect(qualified).toEqual({
        event_name: 'qualified',
        event_time: expect.any(Number),
        event_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        action_source: 'system_generated',
        user_data: {
          em: [sha256(email.toLowerCase())],
          ph: [sha256('15550100')],
          fn: [sha256('ada')],
          ln: [sha256('lovelace')],
          external_id: [sha256(`candidate-${id}`)],
          fbc: `fb.1.${Date.parse(created.created_at)}.${FBCLID}`,
        },
      });
    });

    it('sends no status event for a candidate who did not consent', async () => {
      const testApp = current();
      const cookie = await signIn(testApp.app);
      const email = uniqueEmail('status-denied');
      const form = postForm(testApp.app, {
        url: '/api/candidates/email',
        body: validBodies.candidateEmail(email),
        consent: 'denied',
      });
      expect((await form.response).statusCode).toBe(200);
      const id = await candidateIdOf(testApp.db, email);
      const patched = await testApp.app.inject({
        method: 'PATCH',
        url: `/api/candidate-submissions/${id}`,
        headers: { cookie },
        payload: { status: 'placed' },
      });
      expect(patched.statusCode).toBe(200);
      expect(await metaRows(testApp, 'candidate', id)).toEqual([]);
    });
  },
  { env: capiEnv, conversionWorker: FAST },
);

describeEachDatabase(
  'without a Conversions API token',
  (current) => {
    it('writes no event and sends nothing', async () => {
      const testApp = current();
      const email = uniqueEmail('off');
      const { response } = postForm(testApp.app, {
        url: '/api/candidates/submit',
        body: validBodies.candidateApplication(email),
      });
      expect((await response).statusCode).toBe(200);
      const id = await candidateIdOf(testApp.db, email);
      expect(await metaRows(testApp, 'candidate', id)).toEqual([]);
    });
  },
  { env: { SITE_URL, META_PIXEL_ID: PIXEL_ID } },
);

describeEachDatabase(
  'with status events turned off',
  (current) => {
    it('sends the form events but no status event', async () => {
      const testApp = current();
      const email = uniqueEmail('no-status');
      const form = postForm(testApp.app, {
        url: '/api/candidates/email',
        body: validBodies.candidateEmail(email),
      });
      expect((await form.response).statusCode).toBe(200);
      const id = await candidateIdOf(testApp.db, email);
      const patched = await patchCandidateStatus(testApp.app, id, 'qualified');
      expect(patched.statusCode).toBe(200);
      expect((await metaRows(testApp, 'candidate', id)).map((row) => row.topic)).toEqual(['Lead']);
    });
  },
  {
    env: { ...capiEnv, META_CAPI_STATUS_EVENTS: 'false' },
    conversionWorker: { enabled: false },
  },
);

describe.skipIf(!inject('postgresAdminUrl'))('two server instances on one PostgreSQL', () => {
  let first: TestApp;
  let second: FastifyInstance;
  beforeAll(async () => {
    first = await createTestApp('postgres', { env: capiEnv, conversionWorker: { pollMs: 20 } });
    second = await buildApp({
      config: loadConfig(first.env),
      logger: false,
      conversionWorker: { pollMs: 20 },
    });
    await second.ready();
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('send each event exactly once', async () => {
    const posts = Array.from({ length: 30 }, (_, i) =>
      postForm(i % 2 ? second : first.app, {
        url: '/api/candidates/email',
        body: validBodies.candidateEmail(uniqueEmail('pair')),
      }),
    );
    for (const { response } of posts) expect((await response).statusCode).toBe(200);
    for (const { eventId } of posts) await eventually(() => eventsWithId(eventId)[0]);
    // Let both workers finish any further poll before counting.
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const { eventId } of posts) expect(eventsWithId(eventId)).toHaveLength(1);
  });
});
