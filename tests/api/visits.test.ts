import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { FunnelStep } from '../../src/shared/admin-funnel';
import { tablesOf } from '../../src/server/platform/database/connection';
import { addressKeyOf } from '../../src/server/platform/http/address-key';
import { MAX_ROWS_PER_DAY, OTHER, VisitCounter } from '../../src/server/visits/visit-counter';
import type { VisitTables } from '../../src/server/visits/visit-tables';
import { adminOptions, signIn } from '../support/admin';
import { BROWSER_USER_AGENT } from '../support/browser-user-agent';
import { describeEachDatabase, uniqueEmail, type TestApp } from '../support/test-app';

/*
 * The first-party visit count and the admin's funnel (decision 115): a visitor counted once a
 * day, bots and Global Privacy Control not at all, nothing personal stored, the salt rotated,
 * and the funnel's figures and rates.
 */

/** The UTC day the (pinned) clock stands in, when asked. */
const today = () => new Date().toISOString().slice(0, 10);
const OTHER_AGENT = BROWSER_USER_AGENT.replace('Chrome/', 'Chrome/1');

function beacon(
  testApp: TestApp,
  body: object | string,
  { ip = '198.51.100.7', agent = BROWSER_USER_AGENT, headers = {} } = {},
) {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/visits',
    payload: body,
    remoteAddress: ip,
    headers: { 'user-agent': agent, ...headers },
  });
}

const career = {
  page: '/career',
  variant: 'free_training',
  utmSource: 'fb',
  utmCampaign: 'spring',
};
const training = {
  page: '/training',
  variant: 'high_salary',
  utmSource: 'fb',
  utmCampaign: 'fall',
};

async function funnel(testApp: TestApp, cookie: string, query = `from=${today()}&to=${today()}`) {
  return testApp.app.inject({ url: `/api/admin/funnel?${query}`, headers: { cookie } });
}

async function visitRows(testApp: TestApp) {
  const db = tablesOf<VisitTables>(testApp.db);
  return {
    salts: await db.selectFrom('visit_salts').selectAll().execute(),
    seen: await db.selectFrom('visit_seen').selectAll().execute(),
    days: await db.selectFrom('visit_days').selectAll().orderBy('page').execute(),
  };
}

/** A counter of its own whose clock stands at noon (UTC) on `day`. */
const counterAtNoon = (testApp: TestApp, day: string) =>
  new VisitCounter(
    tablesOf<VisitTables>(testApp.db),
    'https://site',
    (error) => {
      throw error;
    },
    () => new Date(`${day}T12:00:00.000Z`),
  );

describeEachDatabase(
  'visit beacon and funnel',
  (current) => {
    // Visits count by UTC day, and the funnel's tests read the first test's: the clock stands at
    // noon (and runs on) for the whole suite, so no midnight falls between them.
    beforeAll(() => {
      const noon = new Date();
      noon.setUTCHours(12, 0, 0, 0);
      vi.useFakeTimers({ toFake: ['Date'], now: noon, shouldAdvanceTime: true });
    });
    afterAll(() => void vi.useRealTimers());

    it('counts a visitor once a day; bots and Global Privacy Control are not counted', async () => {
      const testApp = current();
      for (let i = 0; i < 3; i++) expect((await beacon(testApp, career)).statusCode).toBe(204);
      expect((await beacon(testApp, career, { ip: '198.51.100.8' })).statusCode).toBe(204);
      expect((await beacon(testApp, career, { agent: OTHER_AGENT })).statusCode).toBe(204);
      expect((await beacon(testApp, training)).statusCode).toBe(204);
      const bot = await beacon(testApp, career, { ip: '198.51.100.9', agent: 'Googlebot/2.1' });
      expect(bot.statusCode).toBe(204);
      const gpc = await beacon(testApp, career, {
        ip: '198.51.100.10',
        headers: { 'sec-gpc': '1' },
      });
      expect(gpc.statusCode).toBe(204);
      await testApp.app.visitCounter.flush();

      const { days, seen, salts } = await visitRows(testApp);
      expect(days.map((row) => [row.page, row.landing_variant, Number(row.visitors)])).toEqual([
        ['/career', 'free_training', 3],
        ['/training', 'high_salary', 1],
      ]);
      expect(seen).toHaveLength(4);
      expect(salts.map((row) => row.day)).toEqual([today()]);
    });

    it('stores neither the address nor the user agent', async () => {
      const testApp = current();
      const stored = JSON.stringify(await visitRows(testApp));
      for (const secret of ['198.51.100.7', '198.51.100.8', 'Mozilla', 'Chrome']) {
        expect(stored).not.toContain(secret);
      }
      for (const row of (await visitRows(testApp)).seen) expect(row.visitor).toMatch(/^[\w-]{22}$/);
    });

    it('refuses a malformed beacon with 400 and counts nothing', async () => {
      const testApp = current();
      for (const body of [
        {},
        { page: 'career' },
        { page: '/x', variant: 'other' },
        { page: '/x', utmSource: 'x'.repeat(101) },
      ]) {
        expect((await beacon(testApp, body)).statusCode).toBe(400);
      }
    });

    it('rotates the salt: a new day deletes the old salt and its visitor hashes', async () => {
      const testApp = current();
      let now = new Date('2020-03-01T23:59:00.000Z');
      const counter = new VisitCounter(
        tablesOf<VisitTables>(testApp.db),
        'https://site',
        (error) => {
          throw error;
        },
        () => now,
      );
      const visit = () =>
        counter.count({
          beacon: { page: '/rotation' },
          address: addressKeyOf({ ip: '203.0.113.1' }),
          userAgent: 'A',
        });
      await visit();
      await counter.flush();
      const before = await visitRows(testApp);
      const firstSalt = before.salts.find((row) => row.day === '2020-03-01')?.salt;
      expect(firstSalt).toBeDefined();
      expect(before.seen.filter((row) => row.day === '2020-03-01')).toHaveLength(1);

      now = new Date('2020-03-02T00:01:00.000Z');
      await visit();
      await counter.flush();
      const after = await visitRows(testApp);
      expect(after.salts.map((row) => row.day)).not.toContain('2020-03-01');
      expect(after.seen.map((row) => row.day)).not.toContain('2020-03-01');
      expect(after.salts.find((row) => row.day === '2020-03-02')?.salt).not.toBe(firstSalt);
      // The same person counts again on the new day; the old day's count stays.
      const rotation = after.days.filter((row) => row.page === '/rotation');
      expect(rotation.map((row) => [row.day, Number(row.visitors)])).toEqual([
        ['2020-03-01', 1],
        ['2020-03-02', 1],
      ]);
    });

    it('caps the rows of a day: past the cap, made-up values are counted as (other)', async () => {
      const testApp = current();
      const day = '2020-03-03';
      const rows = Array.from({ length: MAX_ROWS_PER_DAY }, (_, n) => ({
        day,
        page: `/p${n}`,
        landing_variant: '',
        utm_source: '',
        utm_campaign: '',
        visitors: 1,
      }));
      await tablesOf<VisitTables>(testApp.db).insertInto('visit_days').values(rows).execute();
      const counter = counterAtNoon(testApp, day);
      const beacon = { page: '/made-up', utmSource: 'x1', utmCampaign: 'y1' };
      await counter.count({ beacon, address: addressKeyOf({ ip: '203.0.113.2' }), userAgent: 'B' });
      await counter.flush();
      const stored = (await visitRows(testApp)).days.filter((row) => row.day === day);
      expect(stored).toHaveLength(MAX_ROWS_PER_DAY + 1);
      expect(stored.find((row) => row.page === OTHER)).toMatchObject({
        utm_source: OTHER,
        utm_campaign: OTHER,
      });
    });

    it('counts a visitor on the page they entered, not one they reached later in the second', async () => {
      const testApp = current();
      const day = '2020-03-04';
      const counter = counterAtNoon(testApp, day);
      // From an ad to one page, then on to another before the batch is written.
      for (const page of ['/entered', '/reached-later'])
        await counter.count({
          beacon: { page, utmSource: 'fb', utmCampaign: 'entry' },
          address: addressKeyOf({ ip: '203.0.113.3' }),
          userAgent: 'C',
        });
      await counter.flush();
      const stored = (await visitRows(testApp)).days.filter((row) => row.day === day);
      expect(stored.map((row) => [row.page, Number(row.visitors)])).toEqual([['/entered', 1]]);
    });

    it('GET /api/admin/funnel: visitors, leads, applications by any path, each stage cumulative', async () => {
      const testApp = current();
      const at = new Date().toISOString();
      const lead = (
        page: string,
        stage: string,
        variant: string,
        campaign: string,
        questionnaire: number,
      ) => {
        const email = uniqueEmail('funnel');
        return {
          email,
          email_normalized: email,
          stage,
          source_page: page,
          landing_variant: variant,
          utm_source: 'fb',
          utm_campaign: campaign,
          questionnaire_completed: questionnaire,
          created_at: at,
          updated_at: at,
        };
      };
      await testApp.db
        .insertInto('candidates')
        .values([
          lead('/career', 'email', 'free_training', 'spring', 0),
          // The questionnaire completed is an application, as /apply's form is.
          lead('/candidates', 'questionnaire', 'free_training', 'spring', 1),
          lead('/training', 'email', 'high_salary', 'fall', 0),
        ] as never)
        .execute();
      // Placed without a recorded application: applied, enrolled and placed all the same.
      await testApp.db
        .updateTable('candidates')
        .set({ status: 'placed' } as never)
        .where('landing_variant', '=', 'high_salary')
        .execute();
      const cookie = await signIn(testApp.app);
      const response = await funnel(testApp, cookie);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      const variant = (key: string) =>
        body.variants.find((step: { key: string }) => step.key === key);
      expect(variant('free_training')).toEqual({
        key: 'free_training',
        visitors: 3,
        leads: 2,
        applications: 1,
        recoveredByReminders: 0,
        companies: 0,
        booked: 0,
        attended: 0,
        enrolled: 0,
        placed: 0,
        leadRate: 0.6667,
        companyRate: 0,
        applicationRate: 0.5,
        showRate: null,
        medianHoursToBooking: null,
        visitorsUndercounted: false,
        spend: null,
        currency: null,
        costPerLead: null,
        costPerApplication: null,
        costPerBookedCall: null,
        costPerAttendedCall: null,
        costPerEnrolled: null,
        costPerPlacement: null,
        costPerPaidLead: null,
        costPerPaidApplication: null,
        costPerPaidBookedCall: null,
        costPerPaidAttendedCall: null,
        costPerPaidEnrolled: null,
        costPerPaidPlacement: null,
      });
      expect(variant('high_salary')).toMatchObject({
        visitors: 1,
        leads: 1,
        applications: 1,
        booked: 1,
        attended: 1,
        enrolled: 1,
        placed: 1,
        leadRate: 1,
        applicationRate: 1,
      });
      expect(body.utmSources).toEqual([
        expect.objectContaining({ key: 'fb', visitors: 4, leads: 3, applications: 2, placed: 1 }),
      ]);
      expect(body.utmCampaigns.map((step: { key: string }) => step.key)).toEqual([
        'spring',
        'fall',
      ]);
      // Per landing page by its path: /candidates has leads but no counted visitors.
      expect(
        body.landingPages.map((step: FunnelStep) => [
          step.key,
          step.visitors,
          step.leads,
          step.applications,
          step.leadRate,
          step.visitorsUndercounted,
        ]),
      ).toEqual([
        ['/career', 3, 1, 0, 0.3333, false],
        ['/training', 1, 1, 1, 1, false],
        ['/candidates', 0, 1, 1, null, true],
      ]);
      expect(body.total).toMatchObject({
        key: null,
        visitors: 4,
        leads: 3,
        applications: 2,
        enrolled: 1,
        placed: 1,
        leadRate: 0.75,
        spend: null,
      });

      // A range without the day: no visitors, no leads, rates null.
      const empty = (await funnel(testApp, cookie, 'from=2019-01-01&to=2019-01-31')).json();
      expect(empty.variants).toEqual([
        expect.objectContaining({ key: 'free_training', visitors: 0, leads: 0, leadRate: null }),
        expect.objectContaining({ key: 'high_salary', visitors: 0, leads: 0, leadRate: null }),
      ]);
    });

    it('answers 401 without a session and 400 naming bad dates', async () => {
      const testApp = current();
      expect((await funnel(testApp, '')).statusCode).toBe(401);
      const cookie = await signIn(testApp.app);
      for (const [query, fields] of [
        ['from=2024-13-01&to=2024-12-31', ['from']],
        ['from=2024-01-01', ['to']],
        ['from=yesterday&to=2024-02-30', ['from', 'to']],
        ['from=2024-02-02&to=2024-02-01', ['to']],
      ] as const) {
        const response = await funnel(testApp, cookie, query);
        expect(response.statusCode).toBe(400);
        expect(Object.keys(response.json().fields).sort()).toEqual([...fields]);
      }
    });

    // After the funnel's test, whose figures are today's visits.
    it('counts a beacon sent as text, as the pages send it, but not one from another site', async () => {
      const testApp = current();
      const page = `/as-text-${Date.now()}`;
      const text = (payload: string, site: string) =>
        beacon(testApp, payload, {
          ip: '198.51.100.20',
          headers: { 'content-type': 'text/plain;charset=UTF-8', 'sec-fetch-site': site },
        });
      const visitors = async () => {
        await testApp.app.visitCounter.flush();
        const { days } = await visitRows(testApp);
        return days.filter((row) => row.page === page).map((row) => Number(row.visitors));
      };
      for (const site of ['cross-site', 'same-site'])
        expect((await text(JSON.stringify({ page }), site)).statusCode).toBe(204);
      expect(await visitors()).toEqual([]);

      expect((await text(JSON.stringify({ page }), 'same-origin')).statusCode).toBe(204);
      expect(await visitors()).toEqual([1]);

      expect((await text('{"page":', 'same-origin')).statusCode).toBe(400);
      expect((await text(JSON.stringify({ page: 'no-slash' }), 'same-origin')).statusCode).toBe(
        400,
      );
    });

    it('counts a visitor who moves on within the site once, on the page they entered; another person or ad apart', async () => {
      const testApp = current();
      const [ad, otherAd] = [`moves-${Date.now()}`, `other-ad-${Date.now()}`];
      const from = { utmSource: 'fb', utmCampaign: ad };
      // From the ad to /career, then on to /apply and /training with the session's UTM values.
      await beacon(testApp, { ...career, ...from }, { ip: '198.51.100.30' });
      await testApp.app.visitCounter.flush();
      await beacon(testApp, { page: '/apply', ...from }, { ip: '198.51.100.30' });
      await beacon(testApp, { ...training, ...from }, { ip: '198.51.100.30' });
      // Another person on /apply, and the first one again from another ad.
      await beacon(testApp, { page: '/apply', ...from }, { ip: '198.51.100.31' });
      await beacon(testApp, { ...training, utmCampaign: otherAd }, { ip: '198.51.100.30' });
      await testApp.app.visitCounter.flush();
      const { days } = await visitRows(testApp);
      expect(
        days
          .filter((row) => [ad, otherAd].includes(row.utm_campaign))
          .map((row) => [row.page, row.landing_variant, row.utm_campaign, Number(row.visitors)]),
      ).toEqual([
        ['/apply', '', ad, 1],
        ['/career', 'free_training', ad, 1],
        ['/training', 'high_salary', otherAd, 1],
      ]);
      const body = (await funnel(testApp, await signIn(testApp.app))).json();
      const campaign = (key: string) =>
        body.utmCampaigns.find((step: FunnelStep) => step.key === key)?.visitors;
      expect([campaign(ad), campaign(otherAd)]).toEqual([2, 1]);
    });
  },
  adminOptions,
);
