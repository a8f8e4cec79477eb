import type { FastifyInstance } from 'fastify';
import ICAL from 'ical.js';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { CALENDAR_FEED_URL } from '../../src/shared/booking-availability';
import { newAccount } from '../support/accounts';
import { signIn } from '../support/admin';
import { candidateIdOf, leadProofOf, postJson } from '../support/api';
import { bookCall, openForCalls } from '../support/calls';
import { validBodies } from '../support/lead-bodies';
import { startLocalSmtp } from '../support/smtp';
import { describeEachDatabase, uniqueEmail } from '../support/test-app';

/*
 * Each host's private calendar feed (issue 43): a link shown once, its token the only proof,
 * the host's calls as iCalendar read back with ical.js, and a reset that ends the old link.
 */

vi.setConfig({ testTimeout: 60_000 });

const smtp = await startLocalSmtp();
afterAll(() => smtp.close());

interface FeedEvent {
  uid: string;
  start: string;
  startUtc: boolean;
  end: string;
  summary: string;
  description: string;
}

/** The feed's events as a calendar app reads them. */
function eventsIn(text: string): FeedEvent[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents('vevent').map((event) => {
    const time = (name: string) =>
      (event.getFirstPropertyValue(name) as ICAL.Time).toJSDate().toISOString();
    return {
      uid: String(event.getFirstPropertyValue('uid')),
      start: time('dtstart'),
      // As written: UTC ends in Z.
      startUtc: event.getFirstProperty('dtstart')!.toICALString().endsWith('Z'),
      end: time('dtend'),
      summary: String(event.getFirstPropertyValue('summary')),
      description: String(event.getFirstPropertyValue('description')),
    };
  });
}

const iso = (text: string) => new Date(text).toISOString();

describeEachDatabase(
  "each host's calendar feed",
  (current) => {
    let owner: string;
    beforeAll(async () => {
      owner = await signIn(current().app);
      await openForCalls(current().app, owner);
    });

    const newLink = async (app: FastifyInstance, cookie: string) => {
      const made = await app.inject({
        method: 'POST',
        url: CALENDAR_FEED_URL,
        headers: { cookie },
      });
      expect(made.statusCode).toBe(200);
      return made.json<{ path: string; createdAt: string }>();
    };

    it('shows a private link once, serves the host’s calls from it as iCalendar, and a reset ends the old link', async () => {
      const { app, db } = current();
      expect(
        (await app.inject({ url: CALENDAR_FEED_URL, headers: { cookie: owner } })).json(),
      ).toEqual({ createdAt: null });

      const email = uniqueEmail('feed');
      const applied = await postJson(
        app,
        '/api/candidates/submit',
        validBodies.candidateApplication(email),
      );
      const { booking } = await bookCall(app, leadProofOf(applied));
      const leadId = await candidateIdOf(db, email);
      const row = await db
        .selectFrom('bookings')
        .selectAll()
        .where('lead_id', '=', leadId)
        .executeTakeFirstOrThrow();
      // A cancelled call is not in the feed.
      const gone = await postJson(
        app,
        '/api/candidates/submit',
        validBodies.candidateApplication(uniqueEmail('gone')),
      );
      const goneProof = leadProofOf(gone);
      await bookCall(app, goneProof);
      expect(
        (await postJson(app, '/api/booking/cancel', {}, { cookie: goneProof })).statusCode,
      ).toBe(200);

      const link = await newLink(app, owner);
      expect(link.path).toMatch(/^\/calendar\/[\w-]{43}\.ics$/);
      expect(
        (await app.inject({ url: CALENDAR_FEED_URL, headers: { cookie: owner } })).json(),
      ).toEqual({ createdAt: link.createdAt });
      const stored = await db.selectFrom('booking_feeds').selectAll().execute();
      expect(stored).toHaveLength(1);
      expect(JSON.stringify(stored)).not.toContain(link.path.slice(10, 53));

      // No session: the token is the proof.
      const feed = await app.inject({ url: link.path });
      expect(feed.statusCode).toBe(200);
      expect(feed.headers['content-type']).toMatch(/^text\/calendar/);
      expect(feed.body).not.toContain(email);
      expect(feed.body).not.toContain('555-0100');
      expect(eventsIn(feed.body)).toEqual([
        {
          uid: row.uid,
          start: iso(booking.start),
          startUtc: true,
          end: iso(row.slot_end),
          summary: 'Screening call: Ada',
          description: expect.stringMatching(new RegExp(`/admin\\?candidate=${leadId}$`)),
        },
      ]);

      // Another host's feed holds none of the owner's calls.
      const recruiter = await newAccount(app, smtp, owner, 'recruiter');
      const theirs = await newLink(app, recruiter.cookie);
      expect(eventsIn((await app.inject({ url: theirs.path })).body)).toEqual([]);

      // A reset: a new link, the old one answers 404, the reset is audited.
      const reset = await newLink(app, owner);
      expect(reset.path).not.toBe(link.path);
      expect((await app.inject({ url: link.path })).statusCode).toBe(404);
      expect((await app.inject({ url: reset.path })).statusCode).toBe(200);
      expect(await db.selectFrom('booking_feeds').selectAll().execute()).toHaveLength(2);
      const audit = await app.inject({
        url: '/api/admin/audit?action=calendar_feed_reset',
        headers: { cookie: owner },
      });
      expect(audit.json<{ actor: string }[]>().map((entry) => entry.actor)).toEqual([
        expect.stringMatching(/^Owner \(account 1,/),
        expect.stringMatching(/^A recruiter \(account/),
        expect.stringMatching(/^Owner \(account 1,/),
      ]);

      // A disabled account's link ends with it.
      const disabled = await app.inject({
        method: 'PATCH',
        url: `/api/admin/users/${recruiter.id}`,
        headers: { cookie: owner },
        payload: { disabled: true },
      });
      expect(disabled.statusCode).toBe(200);
      expect((await app.inject({ url: theirs.path })).statusCode).toBe(404);

      expect((await app.inject({ url: '/calendar/not-a-token.ics' })).statusCode).toBe(404);
      expect((await app.inject({ url: `${reset.path}x` })).statusCode).toBe(404);
    });

    it('refuses a viewer and a visitor without a session', async () => {
      const { app } = current();
      const viewer = await newAccount(app, smtp, owner, 'viewer');
      for (const method of ['GET', 'POST'] as const) {
        const asViewer = await app.inject({
          method,
          url: CALENDAR_FEED_URL,
          headers: { cookie: viewer.cookie },
        });
        expect(asViewer.statusCode).toBe(403);
        expect((await app.inject({ method, url: CALENDAR_FEED_URL })).statusCode).toBe(401);
      }
    });
  },
  { env: { SMTP_URL: smtp.url } },
);
