import { expect, it } from 'vitest';
import { BOOKING_ACTIONS } from '../../src/shared/booking-view';
import { signIn, adminOptions, uploadSpend } from '../support/admin';
import { leadProofOf, postJson } from '../support/api';
import { bookCall, markCall, openForCalls } from '../support/calls';
import { parseCsv } from '../support/csv';
import {
  expectNonIncreasing,
  funnelOf,
  leadThrough,
  moveTo,
  spendCsv,
  visit,
} from '../support/funnel-walk';
import { validBodies } from '../support/lead-bodies';
import { describeEachDatabase, uniqueEmail } from '../support/test-app';
import type { FunnelStep } from '../../src/shared/admin-funnel';

/*
 * Calls in the marketer's funnel (issue 43): a lead holding a screening call not cancelled is
 * booked, one whose call a recruiter marked attended or late is attended, between its
 * application and enrolment; the show rate, costs, the median time to booking and the CSV follow. Leads, calls, statuses and spend all through the API.
 */

const stepOf = (steps: FunnelStep[], key: string) => steps.find((step) => step.key === key);

describeEachDatabase(
  'booked and attended calls in the funnel',
  (current) => {
    it('a lead holding a call counts as booked and applied, a cancelled one not, an enrolled one without a call as booked and attended; show rate, costs and the CSV follow', async () => {
      const testApp = current();
      const { app } = testApp;
      const cookie = await signIn(app);
      await openForCalls(app, cookie);
      for (let n = 0; n < 4; n++) await visit(testApp, '/career', 'calls');
      // Booked: two who applied, one who only left an e-mail (booked, so applied too).
      const came = await leadThrough(testApp, '/apply', 'calls', true);
      const missed = await leadThrough(testApp, '/apply', 'calls', true);
      const late = await leadThrough(testApp, '/career', 'calls', true);
      // A recruiter's marks: late is attended too.
      await markCall(testApp, cookie, came, 'attended');
      await markCall(testApp, cookie, missed, 'no_show');
      await markCall(testApp, cookie, late, 'late');
      // Applied and booked, then cancelled: not booked.
      const applied = await postJson(app, '/api/candidates/submit', {
        ...validBodies.candidateApplication(uniqueEmail('cancels')),
        attribution: { page: '/apply', utmSource: 'facebook', utmCampaign: 'calls' },
      });
      const proof = leadProofOf(applied);
      await bookCall(app, proof);
      const cancel = await postJson(app, BOOKING_ACTIONS.cancel, {}, { cookie: proof });
      expect(cancel.statusCode).toBe(200);
      await leadThrough(testApp, '/candidates', 'calls');
      // Enrolled without a call: the stages are cumulative.
      await moveTo(testApp, cookie, await leadThrough(testApp, '/career', 'calls'), 'enrolled');
      expect((await uploadSpend(testApp, cookie, spendCsv([['calls', 40000]]))).statusCode).toBe(
        200,
      );

      const figures = await funnelOf(testApp, cookie);
      const campaign = stepOf(figures.utmCampaigns, 'calls')!;
      expect(campaign).toMatchObject({
        leads: 6,
        applications: 5,
        booked: 4,
        attended: 3,
        enrolled: 1,
        placed: 0,
        costPerBookedCall: 10000,
        costPerAttendedCall: 13333,
        // Two of the three calls marked were attended; the enrolled lead had no call.
        showRate: 0.6667,
      });
      // Booked a moment after arriving: a median of no hours, none where nobody booked.
      expect(campaign.medianHoursToBooking).toBe(0);
      expect(stepOf(figures.landingPages, '/career')).toMatchObject({
        booked: 2,
        attended: 2,
        showRate: 1,
      });
      expect(stepOf(figures.landingPages, '/apply')).toMatchObject({
        booked: 2,
        attended: 1,
        showRate: 0.5,
      });
      expect(stepOf(figures.landingPages, '/candidates')).toMatchObject({
        booked: 0,
        showRate: null,
        medianHoursToBooking: null,
      });
      expect(figures.total).toMatchObject({ booked: 4, medianHoursToBooking: 0 });
      expectNonIncreasing(campaign);

      const csv = await app.inject({
        url: `/api/admin/funnel.csv?from=${figures.from}&to=${figures.to}`,
        headers: { cookie },
      });
      const [header, ...rows] = parseCsv(csv.body.replace(/^\uFEFF/, ''));
      const row = rows.find((cells) => cells[0] === 'UTM campaign' && cells[1] === 'calls')!;
      const cell = (name: string) => row[header!.indexOf(name)];
      expect([cell('Booked calls'), cell('Cost per booked call')]).toEqual(['4', '100.00']);
      expect([cell('Attended calls'), cell('Cost per attended call')]).toEqual(['3', '133.33']);
      expect(cell('Show rate')).toBe('0.6667');
      expect(cell('Median hours to booking')).toBe('0');
    });
  },
  adminOptions,
);
