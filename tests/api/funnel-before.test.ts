import { expect, it } from 'vitest';
import type { FunnelFigures } from '../../src/shared/admin-funnel';
import { adminOptions, signIn, uploadSpend } from '../support/admin';
import { candidateIdOf } from '../support/api';
import { leadThrough } from '../support/funnel-walk';
import { describeEachDatabase } from '../support/test-app';

/*
 * The Overview compares this week so far with last week to the same moment (`before`): a Monday
 * morning's leads against last Monday's morning, not all of last Monday.
 */
describeEachDatabase(
  'the funnel to a moment of its last day',
  (current) => {
    it('counts only the leads created before `before`, and refuses a time off the day `to`', async () => {
      const testApp = current();
      const cookie = await signIn(testApp.app);
      for (const time of [
        '2020-02-28T12:00',
        '2020-03-02T07:59',
        '2020-03-02T08:00',
        '2020-03-02T17:00',
      ]) {
        const email = await leadThrough(testApp, '/candidates+questionnaire', 'spring');
        await testApp.db
          .updateTable('candidates')
          .set({ created_at: `${time}:00.000Z` })
          .where('id', '=', await candidateIdOf(testApp.db, email))
          .execute();
      }
      const funnel = (query: string) =>
        testApp.app.inject({ url: `/api/admin/funnel?${query}`, headers: { cookie } });
      const total = async (query: string) => (await funnel(query)).json<FunnelFigures>().total;

      const week = 'from=2020-02-24&to=2020-03-02';
      expect(await total(week)).toMatchObject({ leads: 4, applications: 4 });
      expect(await total(`${week}&before=2020-03-02T08:00Z`)).toMatchObject({
        leads: 2,
        applications: 2,
      });
      expect(await total(`${week}&before=2020-03-02T00:00:00.000Z`)).toMatchObject({ leads: 1 });

      const off = await funnel(`${week}&before=2020-03-03T08:00Z`);
      expect(off.statusCode).toBe(400);
      expect(off.json()).toMatchObject({
        error: 'Please check the dates',
        fields: { before: expect.any(String) },
      });
      expect((await funnel(`${week}&before=08:00`)).statusCode).toBe(400);
    });

    it("counts the spend of the day `to` only up to `before`, as this week's today has", async () => {
      const testApp = current();
      const cookie = await signIn(testApp.app);
      const email = await leadThrough(testApp, '/candidates+questionnaire', 'autumn');
      await testApp.db
        .updateTable('candidates')
        .set({ created_at: '2021-03-01T01:00:00.000Z' })
        .where('id', '=', await candidateIdOf(testApp.db, email))
        .execute();
      const csv = 'date,source,campaign,spend,currency\n2021-02-28,facebook,autumn,70,USD\n';
      const upload = await uploadSpend(
        testApp,
        cookie,
        `${csv}2021-03-01,facebook,autumn,48,USD\n`,
      );
      expect(upload.statusCode).toBe(200);
      const week = 'from=2021-02-22&to=2021-03-01';
      const funnel = async (query: string) =>
        (
          await testApp.app.inject({ url: `/api/admin/funnel?${query}`, headers: { cookie } })
        ).json<FunnelFigures>();

      expect((await funnel(week)).total).toMatchObject({ spend: 11800, costPerLead: 11800 });
      // A quarter of Monday has passed: a quarter of its spend, beside its leads so far.
      const morning = await funnel(`${week}&before=2021-03-01T06:00Z`);
      expect(morning.total).toMatchObject({ leads: 1, spend: 8200, costPerLead: 8200 });
      expect(morning.utmCampaigns.find((step) => step.key === 'autumn')?.spend).toBe(8200);
      // Monday alone of its week is in the range: a partial week, which the chart dashes.
      expect(morning.weeks).toMatchObject([
        { week: '2021-02-22', days: 7 },
        { week: '2021-03-01', spend: 1200, days: 1 },
      ]);
      const midweek = await funnel('from=2021-02-24&to=2021-03-01');
      expect(midweek.weeks.map((week) => week.days)).toEqual([5, 1]);
    });

    it("lists every currency's total to `before` as the report's own, pro rata", async () => {
      const testApp = current();
      const cookie = await signIn(testApp.app);
      const csv = [
        'date,source,campaign,spend,currency',
        '2022-03-06,facebook,winter,70,USD',
        '2022-03-07,facebook,winter,48,USD',
        '2022-03-07,google,winter,40,USD',
        '2022-03-06,google,winter-eu,30,EUR',
        '2022-03-07,google,winter-eu,20,EUR',
      ].join('\n');
      expect((await uploadSpend(testApp, cookie, `${csv}\n`)).statusCode).toBe(200);
      const funnel = async (query: string) =>
        (
          await testApp.app.inject({ url: `/api/admin/funnel?${query}`, headers: { cookie } })
        ).json<FunnelFigures>();

      // A quarter of Monday: each campaign's quarter, in the report's currency and the other.
      const morning = await funnel('from=2022-03-01&to=2022-03-07&before=2022-03-07T06:00Z');
      expect(morning.currency).toBe('USD');
      expect(morning.currencies).toEqual([
        { currency: 'USD', spend: 7000 + 1200 + 1000 },
        { currency: 'EUR', spend: 3000 + 500 },
      ]);
      const inEuros = await funnel(
        'from=2022-03-01&to=2022-03-07&before=2022-03-07T06:00Z&currency=EUR',
      );
      expect(inEuros.unmatchedSpend.map((campaign) => campaign.spend)).toEqual([3500]);
    });
  },
  adminOptions,
);
