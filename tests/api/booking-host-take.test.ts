import { DateTime } from 'luxon';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { CALENDAR_FEED_URL, WEEKDAYS } from '../../src/shared/booking-availability';
import { newAccount } from '../support/accounts';
import { signIn } from '../support/admin';
import { candidateIdOf } from '../support/api';
import { applicant, beginCall, book, openAt as at, OPEN, saveAvailability } from '../support/calls';
import { startLocalSmtp } from '../support/smtp';
import { describeEachDatabase, uniqueEmail } from '../support/test-app';

/*
 * A call needing a host (decision 156) taken on the Board's desk (178): by an account with `work`,
 * whatever its hours, once, before the call starts, and never on top of a call of its own. The
 * person is sent nothing; the taker's feed lists the call and the lead's timeline says who took it.
 */

vi.setConfig({ testTimeout: 60_000 });

const smtp = await startLocalSmtp();
afterAll(() => smtp.close());

const CLOSED = { ...OPEN, weekly: Object.fromEntries(WEEKDAYS.map((day) => [day, []])) };

describeEachDatabase(
  'taking a call needing a host',
  (current) => {
    let owner: string;
    beforeAll(async () => {
      owner = await signIn(current().app);
    });

    const take = (id: number, cookie: string) =>
      current().app.inject({
        method: 'POST',
        url: `/api/admin/bookings/${id}/take`,
        headers: { cookie },
      });

    /** The live call of the candidate of `email`, with its host and its seat's host. */
    const callOf = async (email: string) => {
      const { db } = current();
      const leadId = await candidateIdOf(db, email);
      const call = await db
        .selectFrom('bookings')
        .selectAll()
        .where('lead_id', '=', leadId)
        .where('cancelled_at', 'is', null)
        .executeTakeFirstOrThrow();
      const seats = await db
        .selectFrom('booking_seats')
        .select('host_id')
        .where('booking_id', '=', call.id)
        .execute();
      const hosts = [call.host_id, ...seats.map((seat) => seat.host_id)].map(Number);
      return { ...call, leadId, hosts };
    };

    it('gives the call to the account taking it, whatever its hours: its seat, its feed, the timeline; refused once taken, started, on a call of theirs, or to a viewer', async () => {
      const { app, db } = current();
      const [leaving, later, taker, viewer] = await Promise.all([
        newAccount(app, smtp, owner, 'recruiter'),
        newAccount(app, smtp, owner, 'recruiter'),
        newAccount(app, smtp, owner, 'recruiter'),
        newAccount(app, smtp, owner, 'viewer'),
      ]);
      const first = uniqueEmail('first');
      const second = uniqueEmail('second');
      const overlapping = uniqueEmail('overlapping');
      const noon = uniqueEmail('noon');
      // Two seats at 10:00 and the call at 12:00 go to one host; the 10:15 call, which would
      // overlap them, to a second one.
      await saveAvailability(app, leaving.cookie, { ...OPEN, seats: 2, intervalMinutes: 15 });
      for (const [email, start] of [
        [first, at(5, '10:00')],
        [second, at(5, '10:00')],
        [noon, at(5, '12:00')],
      ] as const) {
        expect((await book(app, await applicant(app, email), start)).statusCode).toBe(201);
      }
      await saveAvailability(app, later.cookie, { ...OPEN, intervalMinutes: 15 });
      const placed = await book(app, await applicant(app, overlapping), at(5, '10:15'));
      expect(placed.statusCode).toBe(201);
      expect((await callOf(overlapping)).hosts).toEqual([later.id, later.id]);
      // The later host first: free at 12:00, the first host's calls would go to it.
      for (const { id } of [later, leaving]) {
        const disabled = await app.inject({
          method: 'PATCH',
          url: `/api/admin/users/${id}`,
          headers: { cookie: owner },
          payload: { disabled: true },
        });
        expect(disabled.statusCode).toBe(200);
      }
      // The taker's hours are closed: taking a call is choosing its time.
      await saveAvailability(app, taker.cookie, CLOSED);
      const call = await callOf(first);
      const written = db.selectFrom('outbox_messages').select('id').orderBy('id', 'desc');
      const last = await written.executeTakeFirstOrThrow();

      expect((await take(call.id, viewer.cookie)).statusCode).toBe(403);
      const taken = await take(call.id, taker.cookie);
      expect(taken.statusCode).toBe(200);
      expect(taken.json()).toMatchObject({
        id: call.id,
        leadId: call.leadId,
        start: call.slot_start,
      });
      const now = await callOf(first);
      expect(now.hosts).toEqual([taker.id, taker.id]);
      // The same time and invitation: the person is sent nothing.
      expect(now.sequence).toBe(call.sequence);
      expect(await written.where('id', '>', last.id).execute()).toEqual([]);

      // The desk names the taker and flags the call no more.
      const day = DateTime.fromISO(call.slot_start).setZone(OPEN.timeZone).toISODate();
      const desk = await app.inject({
        url: `/api/admin/bookings?day=${day}`,
        headers: { cookie: taker.cookie },
      });
      expect(desk.json<{ calls: object[] }>().calls).toContainEqual(
        expect.objectContaining({ id: call.id, host: 'A recruiter', needsHost: false }),
      );
      // The taker's calendar feed lists it.
      const link = await app.inject({
        method: 'POST',
        url: CALENDAR_FEED_URL,
        headers: { cookie: taker.cookie },
      });
      const feed = await app.inject({ url: link.json<{ path: string }>().path });
      expect(feed.body).toContain(`UID:${call.uid}`);
      // The lead's timeline says who took it.
      const drawer = await app.inject({
        url: `/api/candidate-submissions/${call.leadId}/drawer`,
        headers: { cookie: owner },
      });
      const texts = drawer
        .json<{ lead: { timeline: { text: string }[] } }>()
        .lead.timeline.map((entry) => entry.text);
      expect(texts).toContain('Call taken by A recruiter');

      // Taken a moment earlier: refused, whoever asks.
      for (const cookie of [owner, taker.cookie]) {
        const again = await take(call.id, cookie);
        expect(again.statusCode).toBe(409);
        expect(again.json()).toEqual({
          error: 'This call has a host already: someone took it a moment earlier',
        });
      }
      // The taker has a call at 10:00: no second seat then, nor the 10:15 call overlapping it.
      for (const email of [second, overlapping]) {
        const busy = await take((await callOf(email)).id, taker.cookie);
        expect(busy.statusCode).toBe(409);
        expect(busy.json()).toEqual({ error: 'You already have a call at that time' });
      }
      // The owner, free then, takes the second 10:00 call.
      expect((await take((await callOf(second)).id, owner)).statusCode).toBe(200);
      expect((await callOf(second)).hosts).toEqual([1, 1]);
      // Once started, it is too late to take.
      await beginCall(db, (await callOf(noon)).leadId);
      const started = await take((await callOf(noon)).id, taker.cookie);
      expect(started.statusCode).toBe(409);
      expect(started.json()).toEqual({ error: 'This call has started: it can no longer be taken' });
      expect((await callOf(noon)).hosts).toEqual([leaving.id, leaving.id]);
      expect((await take(999_999, taker.cookie)).statusCode).toBe(404);
    });
  },
  { env: { SMTP_URL: smtp.url } },
);
