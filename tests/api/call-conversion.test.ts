import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, expect, it } from 'vitest';
import { BOOKING_ACTIONS } from '../../src/shared/booking-view';
import { adminEnv, signIn } from '../support/admin';
import { candidateIdOf, leadProofOf, postJson } from '../support/api';
import { openForCalls } from '../support/calls';
import { eventually } from '../support/eventually';
import { startGraphReceiver } from '../support/graph-receiver';
import { validBodies } from '../support/lead-bodies';
import { describeEachDatabase, uniqueEmail, type TestApp } from '../support/test-app';

/*
 * A booked call tells Meta `Schedule` (issue 43) through the Conversions API (decision 110):
 * under the booking request's event id, with the consent the person gave, once per lead.
 */

const SITE_URL = 'https://talent.example';
const graph = await startGraphReceiver();
afterAll(() => graph.close());
const capiEnv = {
  ...adminEnv,
  SITE_URL,
  META_PIXEL_ID: '123456789012345',
  META_CAPI_ACCESS_TOKEN: 'EAAtest-schedule-token',
  META_GRAPH_URL: graph.url,
};

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const eventsWithId = (eventId: string) =>
  graph.received.flatMap((request) =>
    request.body.data.filter((event) => event.event_id === eventId),
  );

/** A candidate who applied with `consent`: its e-mail and form proof. */
async function applicant(app: FastifyInstance, consent: string) {
  const email = uniqueEmail('schedule');
  const body = { ...validBodies.candidateApplication(email), eventId: randomUUID(), consent };
  const response = await postJson(app, '/api/candidates/submit', body);
  expect(response.statusCode).toBe(200);
  return { email, proof: leadProofOf(response) };
}

/** Books the first slot two hours on, with `extra` beside the start (the page's event fields). */
async function book(app: FastifyInstance, proof: string, extra = {}, headers = {}) {
  const page = await app.inject({ url: BOOKING_ACTIONS.book, headers: { cookie: proof } });
  const { slots } = page.json<{ slots: { start: string }[] }>();
  const body = { start: slots[4]!.start, ...extra };
  const booked = await postJson(app, BOOKING_ACTIONS.book, body, { cookie: proof, headers });
  expect(booked.statusCode).toBe(201);
}

const schedules = async (testApp: TestApp, email: string) =>
  testApp.db
    .selectFrom('outbox_messages')
    .select(['id', 'payload'])
    .where('destination', '=', 'meta')
    .where('topic', '=', 'Schedule')
    .where('subject_id', '=', await candidateIdOf(testApp.db, email))
    .execute();

describeEachDatabase(
  "Meta's Schedule for a booked call",
  (current) => {
    it('reaches the Graph API under the booking request’s event id, hashed, from /book, once per lead', async () => {
      const testApp = current();
      const { app } = testApp;
      await openForCalls(app, await signIn(app));
      const { email, proof } = await applicant(app, 'granted');
      const eventId = randomUUID();
      await book(app, proof, { eventId, consent: 'granted' });

      const [event] = await eventually(() => {
        const events = eventsWithId(eventId);
        return events.length > 0 ? events : undefined;
      }, 30_000);
      expect(event).toMatchObject({
        event_name: 'Schedule',
        event_id: eventId,
        action_source: 'website',
        event_source_url: `${SITE_URL}/book`,
        user_data: expect.objectContaining({ em: [sha256(email.trim().toLowerCase())] }),
      });
      const userData = event!.user_data as Record<string, unknown>;
      expect(typeof userData.client_user_agent).toBe('string');

      // Cancelled and booked again: Meta already knows this lead scheduled.
      const cancel = await postJson(app, BOOKING_ACTIONS.cancel, {}, { cookie: proof });
      expect(cancel.statusCode).toBe(200);
      const again = randomUUID();
      await book(app, proof, { eventId: again, consent: 'granted' });
      expect(await schedules(testApp, email)).toHaveLength(1);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(eventsWithId(again)).toEqual([]);
    });

    it("without a signal of its own a booking goes by the lead's proven choice; a refusal or GPC sends nothing", async () => {
      const testApp = current();
      const { app } = testApp;
      await openForCalls(app, await signIn(app));
      // A booking that says nothing, as /book's plain form: the application's grant decides,
      // under an event id of the server's.
      const granted = await applicant(app, 'granted');
      await book(app, granted.proof);
      const [row] = await schedules(testApp, granted.email);
      // Found by the person's hashed address: once sent, the row no longer holds its event id.
      const hashedEmail = sha256(granted.email.trim().toLowerCase());
      const outboxRow = () =>
        testApp.db
          .selectFrom('outbox_messages')
          .select(['state', 'attempts', 'last_error', 'next_attempt_at', 'locked_until'])
          .where('id', '=', row!.id)
          .executeTakeFirst();
      const event = await eventually(
        () =>
          graph.received
            .flatMap((request) => request.body.data)
            .find(
              (sent) =>
                sent.event_name === 'Schedule' &&
                (sent.user_data as { em?: string[] }).em?.[0] === hashedEmail,
            ),
        30_000,
        outboxRow,
      );
      expect(event.event_id).toMatch(/^[0-9a-f-]{36}$/);

      const denied = await applicant(app, 'denied');
      await book(app, denied.proof);
      const withGpc = await applicant(app, 'granted');
      await book(app, withGpc.proof, { consent: 'granted' }, { 'sec-gpc': '1' });
      expect(await schedules(testApp, denied.email)).toEqual([]);
      expect(await schedules(testApp, withGpc.email)).toEqual([]);
    }, 45_000); // above its 30 s wait for the worker, which was cut short at the 20 s default

    it('sends no Schedule for a person who opted out after applying, whatever the booking page says', async () => {
      const testApp = current();
      const { app } = testApp;
      await openForCalls(app, await signIn(app));
      const { email, proof } = await applicant(app, 'granted');
      const optedOut = await app.inject({
        method: 'POST',
        url: '/api/status/opt-out',
        headers: { cookie: proof },
      });
      expect(optedOut.statusCode).toBe(204);
      // Another browser's page, which never heard of the opt-out, still says yes.
      await book(app, proof, { eventId: randomUUID(), consent: 'granted' });
      expect(await schedules(testApp, email)).toEqual([]);
    });
  },
  { env: capiEnv, conversionWorker: { pollMs: 30, retryBaseMs: 50 } },
);
