import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import {
  AVAILABILITY_URL,
  DEFAULT_AVAILABILITY,
  WEEKDAYS,
} from '../../src/shared/booking-availability';
import { newAccount } from '../support/accounts';
import { fetchOpenApi, OpenApiChecker } from '../support/openapi';
import { signIn } from '../support/admin';
import { INVALID, postJson } from '../support/api';
import { invitationIn } from '../support/calendar-mail';
import {
  applicant,
  book,
  bookingPage as readBookingPage,
  OPEN,
  secondInstance,
} from '../support/calls';
import { eventually } from '../support/eventually';
import { readableMail, startLocalSmtp, type ReceivedMail } from '../support/smtp';
import { describeEachDatabase, uniqueEmail } from '../support/test-app';

/*
 * Booking the screening call (issue 43), piece 1: the availability an owner sets, the slots a
 * person with their proof is offered, and booking that never over-fills a slot, on both
 * databases and across two instances of the server.
 */

vi.setConfig({ testTimeout: 60_000 });

const smtp = await startLocalSmtp();
afterAll(() => smtp.close());

const JUST_FILLED = 'That time was just filled: please pick another';
const HAS_BOOKING = 'You already have a call booked: move or cancel it instead';

interface SlotView {
  start: string;
  end: string;
  seatsLeft: number;
}
interface BookingPage {
  timeZone: string;
  booking: { start: string; end: string } | null;
  slots: SlotView[];
}

async function saveAvailability(app: FastifyInstance, settings: object, cookie?: string) {
  return app.inject({
    method: 'PUT',
    url: AVAILABILITY_URL,
    headers: { cookie: cookie ?? (await signIn(app)) },
    payload: settings,
  });
}

const bookingPage = (app: FastifyInstance, cookie: string) =>
  readBookingPage<BookingPage>(app, cookie);

/** Slots two hours on or later: the first ones may pass while a test runs. */
const later = (slots: SlotView[]) => slots.slice(4);

describeEachDatabase(
  'booking the screening call',
  (current) => {
    let owner: string;
    let checker: OpenApiChecker;
    beforeAll(async () => {
      owner = await signIn(current().app);
      checker = new OpenApiChecker(await fetchOpenApi(current().app));
    });
    /** Every answer as the API document describes it. */
    const documented = (method: string, path: string, ...answers: LightMyRequestResponse[]) => {
      for (const answer of answers) expect(checker.problems(method, path, answer)).toEqual([]);
    };

    it('lets an owner or a recruiter read and save the availability, refusing bad fields by name and a viewer', async () => {
      const { app } = current();
      const first = await app.inject({ url: AVAILABILITY_URL, headers: { cookie: owner } });
      expect(first.statusCode).toBe(200);
      // No zone until one is saved: the screen starts on the browser's, not on UTC's hours.
      const unsaved = { ...DEFAULT_AVAILABILITY, timeZone: null };
      expect(first.json()).toEqual(unsaved);
      documented('GET', AVAILABILITY_URL, first);

      const bad = await saveAvailability(
        app,
        {
          ...OPEN,
          timeZone: 'Mars/Olympus',
          weekly: { ...OPEN.weekly, monday: [{ start: '17:00', end: '09:00' }] },
          seats: 0,
        },
        owner,
      );
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({
        error: INVALID,
        fields: {
          timeZone: 'Choose a time zone by its name',
          'weekly.monday.0': 'The end must be after the start',
          seats: 'Enter a whole number from 1 to 500',
        },
      });
      expect(
        (await app.inject({ url: AVAILABILITY_URL, headers: { cookie: owner } })).json(),
      ).toEqual(unsaved);
      // Sent back unchanged, the answer with no zone is refused by name: nothing saved unseen.
      expect((await saveAvailability(app, unsaved, owner)).json()).toEqual({
        error: INVALID,
        fields: { timeZone: 'Choose a time zone by its name' },
      });

      const saved = await saveAvailability(app, OPEN, owner);
      expect(saved.statusCode).toBe(200);
      documented('PUT', AVAILABILITY_URL, bad, saved);
      expect(
        (await app.inject({ url: AVAILABILITY_URL, headers: { cookie: owner } })).json(),
      ).toEqual(OPEN);

      // A recruiter sets their own (issue 43): the owner's stays; a viewer neither reads nor
      // changes one. A recruiter's week without windows offers no calls.
      const recruiter = await newAccount(app, smtp, owner, 'recruiter');
      const viewer = await newAccount(app, smtp, owner, 'viewer');
      const closed = { ...OPEN, weekly: Object.fromEntries(WEEKDAYS.map((day) => [day, []])) };
      for (const [account, status, body] of [
        [recruiter, 200, unsaved],
        [viewer, 403, undefined],
      ] as const) {
        const read = await app.inject({
          url: AVAILABILITY_URL,
          headers: { cookie: account.cookie },
        });
        expect(read.statusCode).toBe(status);
        if (body) expect(read.json()).toEqual(body);
        const saved = await saveAvailability(app, closed, account.cookie);
        expect(saved.statusCode).toBe(status);
      }
      expect(
        (await app.inject({ url: AVAILABILITY_URL, headers: { cookie: recruiter.cookie } })).json(),
      ).toEqual(closed);
      expect(
        (await app.inject({ url: AVAILABILITY_URL, headers: { cookie: owner } })).json(),
      ).toEqual(OPEN);
      expect(
        (await app.inject({ method: 'PUT', url: AVAILABILITY_URL, payload: OPEN })).statusCode,
      ).toBe(401);
    });

    it('refuses a day the calendar has not (30 February) by name, in an exception and on the desk, saving nothing', async () => {
      const { app } = current();
      await saveAvailability(app, OPEN, owner);
      const bad = await saveAvailability(
        app,
        { ...OPEN, exceptions: [{ date: '2027-02-30', windows: [] }] },
        owner,
      );
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({
        error: INVALID,
        fields: { 'exceptions.0.date': 'Use a date as YYYY-MM-DD' },
      });
      expect(
        (await app.inject({ url: AVAILABILITY_URL, headers: { cookie: owner } })).json(),
      ).toEqual(OPEN);
      const desk = await app.inject({
        url: '/api/admin/bookings?day=2027-02-30',
        headers: { cookie: owner },
      });
      expect(desk.statusCode).toBe(400);
      expect(desk.json()).toEqual({ error: INVALID, fields: { day: 'A date as YYYY-MM-DD' } });
      documented('PUT', AVAILABILITY_URL, bad);
      documented('GET', '/api/admin/bookings', desk);
    });

    it('shows the slots only to a browser with a candidate proof, in the host time zone', async () => {
      const { app } = current();
      await saveAvailability(app, OPEN, owner);
      expect((await app.inject({ url: '/api/booking' })).statusCode).toBe(403);
      expect(
        (await app.inject({ url: '/api/booking', headers: { cookie: 'tb_lead=c1.forged' } }))
          .statusCode,
      ).toBe(403);

      const page = await bookingPage(app, await applicant(app));
      expect(page.timeZone).toBe('America/Chicago');
      expect(page.booking).toBeNull();
      expect(page.slots).toHaveLength(12);
      expect(Date.parse(page.slots[0]!.start)).toBeGreaterThan(Date.now());
      expect(page.slots[0]!.seatsLeft).toBe(1);
      expect(Date.parse(page.slots[0]!.end) - Date.parse(page.slots[0]!.start)).toBe(30 * 60_000);
    });

    it('gives a one-seat slot to exactly one of 20 people booking it at once on two instances', async () => {
      const testApp = current();
      const other = await secondInstance(testApp);
      try {
        await saveAvailability(testApp.app, OPEN, owner);
        const people = await Promise.all(Array.from({ length: 20 }, () => applicant(testApp.app)));
        const [slot] = later((await bookingPage(testApp.app, people[0]!)).slots);
        const answers = await Promise.all(
          people.map((cookie, index) => book(index % 2 ? other : testApp.app, cookie, slot!.start)),
        );
        const booked = answers.filter((answer) => answer.statusCode === 201);
        const filled = answers.filter((answer) => answer.statusCode === 409);
        expect(booked).toHaveLength(1);
        expect(booked[0]!.json()).toEqual({ booking: { start: slot!.start, end: slot!.end } });
        expect(filled).toHaveLength(19);
        documented('POST', '/api/booking', ...answers);
        for (const answer of filled) {
          const body = answer.json<{ error: string; slots: SlotView[] }>();
          expect(body.error).toBe(JUST_FILLED);
          expect(body.slots).toHaveLength(3);
          expect(body.slots.map((next) => next.start)).not.toContain(slot!.start);
        }
        const seats = await testApp.db
          .selectFrom('booking_seats')
          .selectAll()
          .where('slot_start', '=', slot!.start)
          .execute();
        expect(seats).toHaveLength(1);
        const after = await bookingPage(testApp.app, people[1]!);
        expect(after.slots.map((next) => next.start)).not.toContain(slot!.start);
      } finally {
        await other.close();
      }
    });

    it('books a double submit once, holds one call per person, moves and cancels it', async () => {
      const { app, db } = current();
      await saveAvailability(app, OPEN, owner);
      const me = await applicant(app);
      const [first, second] = later((await bookingPage(app, me)).slots);

      const twice = await Promise.all([book(app, me, first!.start), book(app, me, first!.start)]);
      expect(twice.map((answer) => answer.statusCode).sort()).toEqual([200, 201]);
      for (const answer of twice)
        expect(answer.json()).toEqual({ booking: { start: first!.start, end: first!.end } });
      const again = await book(app, me, first!.start);
      expect(again.statusCode).toBe(200);
      const rows = await db
        .selectFrom('bookings')
        .selectAll()
        .where('slot_start', '=', first!.start)
        .execute();
      expect(rows).toHaveLength(1);
      expect((await bookingPage(app, me)).booking).toEqual({
        start: first!.start,
        end: first!.end,
      });

      const another = await book(app, me, second!.start);
      expect(another.statusCode).toBe(409);
      expect(another.json()).toEqual({
        error: HAS_BOOKING,
        booking: { start: first!.start, end: first!.end },
      });

      const crossSite = await postJson(
        app,
        '/api/booking/move',
        { start: second!.start },
        {
          cookie: me,
          headers: { origin: 'https://evil.example' },
        },
      );
      expect(crossSite.statusCode).toBe(403);

      const moved = await book(app, me, second!.start, '/move');
      expect(moved.statusCode).toBe(200);
      documented('POST', '/api/booking', ...twice, another);
      documented('POST', '/api/booking/move', crossSite, moved);
      expect(moved.json()).toEqual({ booking: { start: second!.start, end: second!.end } });
      const [row] = await db
        .selectFrom('bookings')
        .selectAll()
        .where('uid', '=', rows[0]!.uid)
        .execute();
      expect(row).toMatchObject({ slot_start: second!.start, sequence: 1, cancelled_at: null });
      const page = await bookingPage(app, me);
      expect(page.slots.map((slot) => slot.start)).toContain(first!.start);
      expect(page.slots.map((slot) => slot.start)).not.toContain(second!.start);

      const notOffered = await book(app, me, '2020-01-01T00:00:00Z', '/move');
      expect(notOffered.statusCode).toBe(400);
      expect(notOffered.json()).toEqual({
        error: INVALID,
        fields: { start: 'Please pick one of the times offered' },
      });

      const cancelled = await postJson(app, '/api/booking/cancel', {}, { cookie: me });
      expect(cancelled.statusCode).toBe(200);
      documented('POST', '/api/booking/move', notOffered);
      documented('POST', '/api/booking/cancel', cancelled);
      expect((await postJson(app, '/api/booking/cancel', {}, { cookie: me })).statusCode).toBe(404);
      const empty = await bookingPage(app, me);
      expect(empty.booking).toBeNull();
      expect(empty.slots.map((slot) => slot.start)).toContain(second!.start);
      expect((await book(app, me, second!.start)).statusCode).toBe(201);
    });

    it('e-mails the invitation, moves it with the same UID and a higher sequence, cancels it, and keeps the reminders due before the call', async () => {
      const { app, db } = current();
      await saveAvailability(app, OPEN, owner);
      const email = uniqueEmail('invited');
      const me = await applicant(app, email);
      const [first, second] = later((await bookingPage(app, me)).slots);
      const mailed = (subject: string) =>
        eventually(() =>
          smtp.received.find(
            (mail: ReceivedMail) =>
              mail.to.includes(email) && readableMail(mail).includes(`Subject: ${subject}`),
          ),
        );
      const reminders = async () =>
        (
          await db
            .selectFrom('outbox_messages')
            .select('next_attempt_at')
            .where('destination', '=', 'calendar')
            .where('topic', '=', 'call.reminder')
            .where('state', '=', 'pending')
            .where(
              'subject_id',
              '=',
              (
                await db
                  .selectFrom('candidates')
                  .select('id')
                  .where('email', '=', email)
                  .executeTakeFirstOrThrow()
              ).id,
            )
            .orderBy('next_attempt_at')
            .execute()
        ).map((row) => row.next_attempt_at);
      const before = (start: string, minutes: number) =>
        new Date(Date.parse(start) - minutes * 60_000).toISOString();

      const booked = await postJson(
        app,
        '/api/booking',
        { start: first!.start, zone: 'America/Chicago' },
        { cookie: me },
      );
      expect(booked.statusCode).toBe(201);
      const invitation = await mailed('Your screening call is booked');
      const [row] = await db
        .selectFrom('bookings')
        .selectAll()
        .where('slot_start', '=', first!.start)
        .execute();
      expect(invitationIn(invitation.raw)).toEqual({
        method: 'REQUEST',
        uid: row!.uid,
        sequence: 0,
        start: first!.start,
        startUtc: true,
        status: 'CONFIRMED',
        organizer: expect.stringMatching(/^mailto:no-reply@/),
        // RFC 5545: the scheme is case-insensitive.
        attendee: expect.stringMatching(new RegExp(`^mailto:${email}$`, 'i')),
      });
      const text = readableMail(invitation);
      expect(text).toContain('https://calendar.google.com/calendar/render?action=TEMPLATE');
      expect(text).toMatch(/\/status\?token=[\w-]+/);
      expect(text).toContain('(America/Chicago, Central');
      expect(await reminders()).toEqual([before(first!.start, 60), before(first!.start, 30)]);

      const moved = await postJson(
        app,
        '/api/booking/move',
        { start: second!.start, zone: 'America/Chicago' },
        { cookie: me },
      );
      expect(moved.statusCode).toBe(200);
      const update = invitationIn((await mailed('Your screening call has moved')).raw);
      expect(update).toMatchObject({
        method: 'REQUEST',
        uid: row!.uid,
        sequence: 1,
        start: second!.start,
      });
      expect(await reminders()).toEqual([before(second!.start, 60), before(second!.start, 30)]);

      expect((await postJson(app, '/api/booking/cancel', {}, { cookie: me })).statusCode).toBe(200);
      const cancel = invitationIn((await mailed('Your screening call is cancelled')).raw);
      expect(cancel).toMatchObject({
        method: 'CANCEL',
        uid: row!.uid,
        sequence: 2,
        status: 'CANCELLED',
      });
      expect(await reminders()).toEqual([]);
    });

    it('sends no reminder that would arrive once the call has begun (the mail server was down until then)', async () => {
      const { app, db } = current();
      await saveAvailability(app, OPEN, owner);
      const email = uniqueEmail('late-reminder');
      const me = await applicant(app, email);
      const [slot] = later((await bookingPage(app, me)).slots);
      expect((await book(app, me, slot!.start)).statusCode).toBe(201);
      const { id } = await db
        .selectFrom('bookings')
        .innerJoin('candidates', 'candidates.id', 'bookings.lead_id')
        .select('bookings.id')
        .where('candidates.email', '=', email)
        .executeTakeFirstOrThrow();
      // The call began a minute ago, and its reminders are only now being sent.
      const began = new Date(Date.now() - 60_000).toISOString();
      await db
        .updateTable('bookings')
        .set({ slot_start: began, slot_end: new Date(Date.now() + 600_000).toISOString() })
        .where('id', '=', id)
        .execute();
      const pending = () =>
        db
          .selectFrom('outbox_messages')
          .select(['id', 'payload'])
          .where('topic', '=', 'call.reminder')
          .where('state', '=', 'pending')
          .where('payload', 'like', `{"bookingId":${id},%`)
          .execute();
      const due = await pending();
      expect(due).toHaveLength(2);
      for (const message of due) {
        await db
          .updateTable('outbox_messages')
          .set({
            payload: JSON.stringify({ ...JSON.parse(message.payload), start: began }),
            next_attempt_at: new Date().toISOString(),
          })
          .where('id', '=', message.id)
          .execute();
      }
      await eventually(async () => ((await pending()).length === 0 ? true : undefined));
      expect(
        smtp.received.filter(
          (mail: ReceivedMail) =>
            mail.to.includes(email) && readableMail(mail).includes('Subject: Reminder'),
        ),
      ).toEqual([]);
    });

    it('stops a person past six changes a day, keeps three cancelled calls, and an erasure frees the seat', async () => {
      const { app, db } = current();
      await saveAvailability(app, OPEN, owner);
      const email = uniqueEmail('fidget');
      const me = await applicant(app, email);
      const slots = later((await bookingPage(app, me)).slots);
      // Book, cancel, book, cancel, book, move: six changes.
      const changes = [
        () => book(app, me, slots[0]!.start),
        () => postJson(app, '/api/booking/cancel', {}, { cookie: me }),
        () => book(app, me, slots[1]!.start),
        () => postJson(app, '/api/booking/cancel', {}, { cookie: me }),
        () => book(app, me, slots[2]!.start),
        () => book(app, me, slots[3]!.start, '/move'),
      ];
      for (const change of changes) expect((await change()).statusCode).toBeLessThan(300);
      const tooMany = await book(app, me, slots[4]!.start, '/move');
      expect(tooMany.statusCode).toBe(429);
      expect(tooMany.json()).toEqual({
        error:
          'You have changed your call several times today: please try again tomorrow, or keep the time you have',
      });
      documented('POST', '/api/booking/move', tooMany);
      expect((await bookingPage(app, me)).booking?.start).toBe(slots[3]!.start);

      // A day later the person may change again; older cancelled calls are pruned to three.
      const leadId = (
        await db
          .selectFrom('bookings')
          .select('lead_id')
          .where('slot_start', '=', slots[3]!.start)
          .where('cancelled_at', 'is', null)
          .executeTakeFirstOrThrow()
      ).lead_id;
      const dayAgo = new Date(Date.now() - 25 * 60 * 60_000).toISOString();
      await db
        .updateTable('bookings')
        .set({ updated_at: dayAgo })
        .where('lead_id', '=', leadId)
        .execute();
      for (let round = 0; round < 2; round++) {
        expect((await postJson(app, '/api/booking/cancel', {}, { cookie: me })).statusCode).toBe(
          200,
        );
        expect((await book(app, me, slots[5 + round]!.start)).statusCode).toBe(201);
        await db
          .updateTable('bookings')
          .set({ updated_at: dayAgo })
          .where('lead_id', '=', leadId)
          .execute();
      }
      const rows = await db
        .selectFrom('bookings')
        .select('cancelled_at')
        .where('lead_id', '=', leadId)
        .execute();
      expect(rows.filter((row) => row.cancelled_at !== null)).toHaveLength(3);
      expect(rows.filter((row) => row.cancelled_at === null)).toHaveLength(1);

      // Erasing the person erases their calls: the seat is offered again.
      const cookie = await signIn(app);
      const erased = await app.inject({
        method: 'DELETE',
        url: '/api/admin/data-subject',
        payload: { email },
        headers: { cookie, origin: 'http://localhost:80' },
      });
      expect(erased.statusCode).toBe(200);
      expect(
        await db.selectFrom('bookings').select('id').where('lead_id', '=', leadId).execute(),
      ).toEqual([]);
      const other = await applicant(app);
      expect((await bookingPage(app, other)).slots.map((slot) => slot.start)).toContain(
        slots[6]!.start,
      );
    });

    it('fills a group session seat by seat and says how many are left', async () => {
      const { app } = current();
      await saveAvailability(app, { ...OPEN, seats: 3, timeZone: 'Europe/Berlin' }, owner);
      const people = await Promise.all(Array.from({ length: 4 }, () => applicant(app)));
      const page = await bookingPage(app, people[0]!);
      // Earlier tests' bookings may have taken seats: a slot nobody took.
      const slot = later(page.slots).find((open) => open.seatsLeft === 3)!;
      expect((await book(app, people[0]!, slot.start)).statusCode).toBe(201);
      const left = (await bookingPage(app, people[1]!)).slots.find(
        (open) => open.start === slot.start,
      );
      expect(left?.seatsLeft).toBe(2);
      const answers = await Promise.all(
        people.slice(1).map((cookie) => book(app, cookie, slot.start)),
      );
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 201, 409]);
      const after = await bookingPage(app, people[3]!);
      expect(after.slots.map((open) => open.start)).not.toContain(slot.start);
    });
  },
  { env: { SMTP_URL: smtp.url, CALL_REMINDERS: '30m,1h' }, personWorker: { pollMs: 50 } },
);
