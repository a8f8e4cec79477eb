import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { AVAILABILITY_URL, WEEKDAYS } from '../../src/shared/booking-availability';
import { newAccount } from '../support/accounts';
import { signIn } from '../support/admin';
import {
  applicant,
  book,
  openAt as at,
  bookingPage,
  OPEN,
  saveAvailability,
} from '../support/calls';
import { startLocalSmtp } from '../support/smtp';
import { describeEachDatabase } from '../support/test-app';

/*
 * Calls left without a host (decision 156) find one: when a host saves hours covering their
 * start, or an account starts taking calls. A handover, and this take-up, place a call inside the
 * host's minimum notice: it is no new booking (decision 178).
 */

vi.setConfig({ testTimeout: 60_000 });

const smtp = await startLocalSmtp();
afterAll(() => smtp.close());

/** The same windows every day. */
const hoursOf = (windows: object[]) => Object.fromEntries(WEEKDAYS.map((day) => [day, windows]));

describeEachDatabase(
  'calls needing a host',
  (current) => {
    let owner: string;
    beforeAll(async () => {
      owner = await signIn(current().app);
    });

    /** The owner changes the account: its answer's calls. */
    const change = async (id: number, payload: object) => {
      const answer = await current().app.inject({
        method: 'PATCH',
        url: `/api/admin/users/${id}`,
        headers: { cookie: owner },
        payload,
      });
      expect(answer.statusCode).toBe(200);
      return answer.json<{ calls: object }>().calls;
    };

    /** The host of the live call at `start`, and its seat's. */
    const hostsAt = async (start: string) => {
      const { db } = current();
      const [call] = await db
        .selectFrom('bookings')
        .select('host_id')
        .where('slot_start', '=', start)
        .where('cancelled_at', 'is', null)
        .execute();
      const seats = await db
        .selectFrom('booking_seats')
        .select('host_id')
        .where('slot_start', '=', start)
        .execute();
      return [Number(call!.host_id), ...seats.map((seat) => Number(seat.host_id))];
    };

    it('hands over a call inside the minimum notice of the host who takes it', async () => {
      const { app } = current();
      const leaving = await newAccount(app, smtp, owner, 'recruiter');
      const cover = await newAccount(app, smtp, owner, 'recruiter');
      await saveAvailability(app, leaving.cookie, OPEN);
      // A day's notice, and no calls today: a person could not book the call with this host.
      await saveAvailability(app, cover.cookie, {
        ...OPEN,
        minimumNoticeHours: 24,
        sameDay: false,
      });
      const person = await applicant(app);
      const { slots } = await bookingPage<{ slots: { start: string }[] }>(app, person);
      const start = slots[4]!.start;
      expect((await book(app, person, start)).statusCode).toBe(201);
      expect(await hostsAt(start)).toEqual([leaving.id, leaving.id]);

      expect(await change(leaving.id, { disabled: true })).toEqual({ moved: 1, needHost: 0 });
      expect(await hostsAt(start)).toEqual([cover.id, cover.id]);
      // The next test's hosts are its own.
      await saveAvailability(app, cover.cookie, { ...OPEN, weekly: hoursOf([]) });
    });

    it('takes up a call needing a host when a host saves hours covering its start, or an account starts taking calls', async () => {
      const { app, db } = current();
      const leaving = await newAccount(app, smtp, owner, 'recruiter');
      const morning = await newAccount(app, smtp, owner, 'recruiter');
      const spare = await newAccount(app, smtp, owner, 'recruiter');
      // The spare host's hours are saved, but as a viewer it takes no calls.
      await saveAvailability(app, spare.cookie, OPEN);
      expect(await change(spare.id, { role: 'viewer' })).toEqual({ moved: 0, needHost: 0 });
      await saveAvailability(app, leaving.cookie, OPEN);
      const [a, b] = await Promise.all([applicant(app), applicant(app)]);
      expect((await book(app, a!, at(5, '10:00'))).statusCode).toBe(201);
      expect((await book(app, b!, at(5, '12:00'))).statusCode).toBe(201);
      const sequences = () =>
        db.selectFrom('bookings').select(['id', 'sequence']).orderBy('id').execute();
      const before = await sequences();
      expect(await change(leaving.id, { disabled: true })).toEqual({ moved: 0, needHost: 2 });

      // Hours from 9:00 to 11:00 cover the 10:00 call, not the 12:00 one.
      const hours = { ...OPEN, weekly: hoursOf([{ start: '09:00', end: '11:00' }]) };
      const saved = await app.inject({
        method: 'PUT',
        url: AVAILABILITY_URL,
        headers: { cookie: morning.cookie },
        payload: hours,
      });
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toEqual({ ...hours, calls: { moved: 1, needHost: 1 } });
      // The Audit tab shows the save and how many calls it took up, never whose.
      const audit = await app.inject({
        url: '/api/admin/audit?action=availability_saved&limit=1',
        headers: { cookie: owner },
      });
      expect(audit.json()).toEqual([
        expect.objectContaining({
          accountId: morning.id,
          leadId: null,
          detail: 'calls 1 moved, 1 needing a host',
        }),
      ]);
      expect(await hostsAt(at(5, '10:00'))).toEqual([morning.id, morning.id]);
      expect(await hostsAt(at(5, '12:00'))).toEqual([leaving.id, leaving.id]);

      // A recruiter again, the spare host takes the 12:00 call.
      expect(await change(spare.id, { role: 'recruiter' })).toEqual({ moved: 1, needHost: 0 });
      expect(await hostsAt(at(5, '12:00'))).toEqual([spare.id, spare.id]);
      // The same times: no invitation is sent again.
      expect(await sequences()).toEqual(before);
      // Back, the account that left finds its calls taken: nothing left to take up.
      expect(await change(leaving.id, { disabled: false })).toEqual({ moved: 0, needHost: 0 });
    });
  },
  { env: { SMTP_URL: smtp.url } },
);
