import { expect, it } from 'vitest';
import type { FunnelFigures } from '../../src/shared/admin-funnel';
import { adminOptions, signIn } from '../support/admin';
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
  },
  adminOptions,
);
