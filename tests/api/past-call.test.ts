import { DateTime } from 'luxon';
import { expect, it } from 'vitest';
import { BOOKING_NOTICES, type BookingView } from '../../src/shared/booking-view';
import { CALL_BOOKED, CALL_OPEN, NOTHING_TO_DO } from '../../src/shared/person-status';
import { signIn } from '../support/admin';
import { postJson } from '../support/api';
import { applicantWithProof, book, markCall, OPEN, openForCalls } from '../support/calls';
import { postForm, statusPage } from '../support/status-page';
import {
  describeEachDatabase,
  fakeSiteBuild,
  uniqueEmail,
  type TestApp,
} from '../support/test-app';

/*
 * A candidate whose call time has passed (decision 178): /status and /book say when it was. A
 * missed call (over and not marked, or a no-show) is moved to a new time; after an attended one
 * the team calls, and the person can neither move nor cancel it.
 */

const CLIENT_DIR = await fakeSiteBuild(['/status', '/book']);
const HOUR = 60 * 60 * 1000;

/** The call's time as the pages say it, in the host's zone (the person picked none). */
const shownTime = (start: string) => {
  const at = DateTime.fromISO(start, { zone: OPEN.timeZone });
  return `${at.toFormat('cccc d LLLL yyyy, h:mm a')} (${OPEN.timeZone}, ${at.offsetNameLong})`;
};

describeEachDatabase(
  'a call whose time has passed',
  (current) => {
    /** An applicant with their status link opened, holding a call: its proof, e-mail and slots. */
    async function booked(testApp: TestApp, label: string) {
      const owner = await signIn(testApp.app);
      await openForCalls(testApp.app, owner);
      const email = uniqueEmail(label);
      const { id, proof, times } = await applicantWithProof(testApp, email);
      expect((await book(testApp.app, proof, times[4]!)).statusCode).toBe(201);
      return { owner, id, email, proof, later: times[8]! };
    }
    const callOf = ({ db }: TestApp, id: number) =>
      db
        .selectFrom('bookings')
        .select(['slot_start', 'outcome', 'cancelled_at'])
        .where('lead_id', '=', id)
        .executeTakeFirstOrThrow();
    const pages = async ({ app }: TestApp, proof: string) => {
      const status = (await statusPage(app, proof)).state?.status;
      return {
        lead: status?.kind === 'leads' ? status.leads[0] : undefined,
        booking: (await statusPage(app, proof, '/book')).state?.booking as BookingView,
      };
    };

    it('a call over and not marked: both pages say when it was, and a new time can be picked', async () => {
      const testApp = current();
      const { id, proof, later } = await booked(testApp, 'past-call');
      const start = new Date(Date.now() - 2 * HOUR).toISOString();
      const end = new Date(Date.now() - 1.5 * HOUR).toISOString();
      await testApp.db
        .updateTable('bookings')
        .set({ slot_start: start, slot_end: end })
        .where('lead_id', '=', id)
        .execute();
      const when = shownTime(start);
      const { lead, booking } = await pages(testApp, proof);
      expect(lead).toMatchObject({ bookCall: true, callWas: when, outlook: CALL_OPEN });
      expect(lead).not.toHaveProperty('callBooked');
      expect(booking).toMatchObject({ booked: when, over: 'missed' });
      expect(booking.days.length).toBeGreaterThan(0);

      // The new time moves the same call: ahead again, to move or cancel.
      expect((await book(testApp.app, proof, later, '/move')).statusCode).toBe(200);
      const moved = await pages(testApp, proof);
      expect(moved.lead).toMatchObject({ callBooked: shownTime(later), outlook: CALL_BOOKED });
      expect(moved.booking).not.toHaveProperty('over');
    });

    it('a no-show: the call was then, and a new time can be picked', async () => {
      const testApp = current();
      const { owner, email, id, proof } = await booked(testApp, 'no-show');
      await markCall(testApp, owner, email, 'no_show');
      const when = shownTime((await callOf(testApp, id)).slot_start);
      const { lead, booking } = await pages(testApp, proof);
      expect(lead).toMatchObject({ bookCall: true, callWas: when, outlook: CALL_OPEN });
      expect(booking).toMatchObject({ booked: when, over: 'missed' });
      expect(booking.days.length).toBeGreaterThan(0);
    });

    it('an attended call: the team will be in touch, and the person can neither move nor cancel it', async () => {
      const testApp = current();
      const { app } = testApp;
      const { owner, email, id, proof, later } = await booked(testApp, 'attended');
      await markCall(testApp, owner, email, 'attended');
      const call = await callOf(testApp, id);
      const when = shownTime(call.slot_start);
      const { lead, booking } = await pages(testApp, proof);
      expect(lead).toMatchObject({ bookCall: false, callWas: when, outlook: NOTHING_TO_DO });
      expect(booking).toMatchObject({ booked: when, over: 'attended', days: [] });

      for (const [action, body] of [
        ['/move', { start: later }],
        ['/cancel', {}],
      ] as const) {
        const refused = await postJson(app, `/api/booking${action}`, body, { cookie: proof });
        expect(refused.statusCode).toBe(409);
        expect(refused.json()).toMatchObject({ error: BOOKING_NOTICES.tookPlace });
        // A browser's plain post goes back to /book, which says why.
        const plain = await postForm(app, `/api/booking${action}`, body, proof);
        expect(plain.statusCode).toBe(303);
      }
      expect(await callOf(testApp, id)).toEqual(call);
    });
  },
  { env: { CLIENT_DIR } },
);
