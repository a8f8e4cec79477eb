import { expect, it } from 'vitest';
import type { FunnelFigures, FunnelStep } from '../../src/shared/admin-funnel';
import { tablesOf } from '../../src/server/platform/database/connection';
import { SpendStore, type SpendTables } from '../../src/server/spend';
import type { VisitTables } from '../../src/server/visits/visit-tables';
import { adminOptions, signIn, uploadSpend } from '../support/admin';
import { candidateIdOf } from '../support/api';
import { parseCsv } from '../support/csv';
import { leadThrough, moveTo, type LeadPath } from '../support/funnel-walk';
import { describeEachDatabase, type TestApp } from '../support/test-app';

/*
 * The marketer's numbers against a truth worked out by hand (session 37): days of visits, leads
 * and spend seeded as the beacon, the forms, the pull and the upload leave them, then the funnel
 * read as the Overview and its CSV read it.
 */

const DAY_MS = 86_400_000;
const dayOf = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);
const stepOf = (steps: FunnelStep[], key: string) => steps.find((step) => step.key === key);

/** `visitors` counted on `day` on `page` from campaign `campaign`, as the beacon leaves them. */
const visitorsOn = (
  testApp: TestApp,
  day: string,
  page: string,
  campaign: string,
  visitors = 10,
  source = 'facebook',
) =>
  tablesOf<VisitTables>(testApp.db)
    .insertInto('visit_days')
    .values({
      day,
      page,
      landing_variant: { '/career': 'free_training', '/training': 'high_salary' }[page] ?? '',
      utm_source: source,
      utm_campaign: campaign,
      visitors,
    })
    .execute();

/** A lead through `path`'s forms from `campaign` (and `source`), that arrived at noon on `day`. */
async function leadOn(
  testApp: TestApp,
  day: string,
  path: LeadPath,
  campaign: string,
  source: string | null = 'facebook',
) {
  const email = await leadThrough(testApp, path, campaign);
  await testApp.db
    .updateTable('candidates')
    .set({ created_at: `${day}T12:00:00.000Z`, utm_source: source })
    .where('id', '=', await candidateIdOf(testApp.db, email))
    .execute();
  return email;
}

const funnel = async (testApp: TestApp, cookie: string, from: string, to: string, more = '') => {
  const response = await testApp.app.inject({
    url: `/api/admin/funnel?from=${from}&to=${to}${more}`,
    headers: { cookie },
  });
  expect(response.statusCode).toBe(200);
  return response.json<FunnelFigures>();
};

const csvOf = async (testApp: TestApp, cookie: string, from: string, to: string) =>
  (
    await testApp.app.inject({
      url: `/api/admin/funnel.csv?from=${from}&to=${to}`,
      headers: { cookie },
    })
  ).body;

describeEachDatabase(
  'the funnel against a known truth',
  (current) => {
    it("shares each day's spend of a campaign among that day's landing pages, not the range's", async () => {
      const testApp = current();
      const cookie = await signIn(testApp.app);
      // Campaign "switch" sent its ads to /career two days ago (100.00) and to /training
      // yesterday (10.00); today it spent 11.00 and nobody came: that day is shared as the
      // range's visitors were, half each.
      await visitorsOn(testApp, dayOf(-2), '/career', 'switch');
      await visitorsOn(testApp, dayOf(-1), '/training', 'switch');
      await leadOn(testApp, dayOf(-2), '/career', 'switch');
      await leadOn(testApp, dayOf(-1), '/training', 'switch');
      const csv =
        'date,source,campaign,spend,currency\n' +
        `${dayOf(-2)},facebook,switch,100.00,USD\n` +
        `${dayOf(-1)},facebook,switch,10.00,USD\n` +
        `${dayOf(0)},facebook,switch,11.00,USD\n`;
      expect((await uploadSpend(testApp, cookie, csv)).statusCode).toBe(200);

      const figures = await funnel(testApp, cookie, dayOf(-2), dayOf(0));
      expect(stepOf(figures.utmCampaigns, 'switch')).toMatchObject({ leads: 2, spend: 12100 });
      for (const steps of [figures.landingPages, figures.variants]) {
        expect(steps.map(({ key, spend, costPerLead }) => ({ key, spend, costPerLead }))).toEqual(
          expect.arrayContaining([
            {
              key: expect.stringMatching(/^(\/career|free_training)$/),
              spend: 10550,
              costPerLead: 10550,
            },
            {
              key: expect.stringMatching(/^(\/training|high_salary)$/),
              spend: 1550,
              costPerLead: 1550,
            },
          ]),
        );
      }
      // The CSV says the same; a range of yesterday alone has /training's 10.00 only.
      const lines = (await csvOf(testApp, cookie, dayOf(-2), dayOf(0))).split('\r\n');
      expect(lines.find((line) => line.startsWith('"Landing page","/career"'))).toContain(
        '"105.50","USD","105.50"',
      );
      const yesterday = await funnel(testApp, cookie, dayOf(-1), dayOf(-1));
      expect(stepOf(yesterday.landingPages, '/training')).toMatchObject({ spend: 1000 });
      expect(stepOf(yesterday.landingPages, '/career')).toBeUndefined();

      // A campaign none of whose visitors were counted is shared by its leads' pages, a day at
      // a time too (in pounds: a report of its own).
      await leadOn(testApp, dayOf(-2), '/career', 'unseen');
      await leadOn(testApp, dayOf(-1), '/training', 'unseen');
      const pounds =
        'date,source,campaign,spend,currency\n' +
        `${dayOf(-2)},facebook,unseen,30.00,GBP\n${dayOf(-1)},facebook,unseen,6.00,GBP\n`;
      expect((await uploadSpend(testApp, cookie, pounds)).statusCode).toBe(200);
      const byLeads = await funnel(testApp, cookie, dayOf(-2), dayOf(0), '&currency=GBP');
      expect(stepOf(byLeads.landingPages, '/career')).toMatchObject({ spend: 3000 });
      expect(stepOf(byLeads.landingPages, '/training')).toMatchObject({ spend: 600 });
    });

    it("puts a campaign's spend on the utm_sources its visitors (else leads) came with, not the spend's label", async () => {
      const testApp = current();
      const cookie = await signIn(testApp.app);
      // Meta files the spend as "facebook"; the ad links say utm_source=fb (30 visitors, two
      // leads) and ig (10 visitors). Campaign "beaconless" has no counted visitor: its lead's
      // source (ig) takes its spend; "untagged"'s lead has none. "orphan" matched nothing and
      // stays listed as "facebook".
      const day = dayOf(-5);
      await visitorsOn(testApp, day, '/career', 'tagged', 30, 'fb');
      await visitorsOn(testApp, day, '/training', 'tagged', 10, 'ig');
      await leadOn(testApp, day, '/career', 'tagged', 'fb');
      await leadOn(testApp, day, '/career', 'tagged', 'fb');
      await leadOn(testApp, day, '/apply', 'beaconless', 'ig');
      await leadOn(testApp, day, '/apply', 'untagged', null);
      const csv =
        'date,source,campaign,spend,currency\n' +
        `${day},facebook,tagged,40.00,DKK\n${day},facebook,beaconless,6.00,DKK\n` +
        `${day},facebook,untagged,1.00,DKK\n${day},facebook,orphan,2.00,DKK\n`;
      expect((await uploadSpend(testApp, cookie, csv)).statusCode).toBe(200);

      const figures = await funnel(testApp, cookie, day, day, '&currency=DKK');
      const sources = figures.utmSources.map(({ key, leads, spend, costPerLead }) => ({
        key,
        leads,
        spend,
        costPerLead,
      }));
      expect(sources).toEqual([
        { key: 'fb', leads: 2, spend: 3000, costPerLead: 1500 },
        { key: 'ig', leads: 1, spend: 1600, costPerLead: 1600 },
        { key: null, leads: 1, spend: 100, costPerLead: 100 },
      ]);
      expect(figures.unmatchedSpend).toEqual([
        { source: 'facebook', campaign: 'orphan', campaignName: 'orphan', spend: 200 },
      ]);
    });

    it("divides a landing page's spend by the leads that spend could buy, not its organic ones", async () => {
      const testApp = current();
      const cookie = await signIn(testApp.app);
      // Ten days ago campaign "bought" sent 10 visitors to /training for 40.00 and brought two
      // leads; two more came to /training with no campaign at all: a cost per lead of 20.00.
      const day = dayOf(-10);
      await visitorsOn(testApp, day, '/training', 'bought');
      for (const campaign of ['bought', 'bought', '', '']) {
        const email = await leadOn(testApp, day, '/training', campaign);
        if (campaign === '')
          await testApp.db
            .updateTable('candidates')
            .set({ utm_source: null, utm_campaign: null })
            .where('id', '=', await candidateIdOf(testApp.db, email))
            .execute();
      }
      const csv = `date,source,campaign,spend,currency\n${day},facebook,bought,40.00,NOK\n`;
      expect((await uploadSpend(testApp, cookie, csv)).statusCode).toBe(200);

      const figures = await funnel(testApp, cookie, day, day, '&currency=NOK');
      // One word, one meaning in every row of the JSON, as in the CSV: costPerLead is the row's
      // spend over all its leads, costPerPaidLead over those of campaigns with spend.
      const page = { leads: 4, spend: 4000, costPerLead: 1000, costPerPaidLead: 2000 };
      expect(stepOf(figures.utmCampaigns, 'bought')).toMatchObject({
        leads: 2,
        costPerLead: 2000,
        costPerPaidLead: 2000,
      });
      expect(stepOf(figures.landingPages, '/training')).toMatchObject(page);
      expect(stepOf(figures.variants, 'high_salary')).toMatchObject(page);
      // The whole range's spend is what bought candidates: its paid costs are as a page's.
      expect(figures.total).toMatchObject(page);

      // The CSV's columns say the same.
      const [header, ...rows] = parseCsv(
        (await csvOf(testApp, cookie, day, `${day}&currency=NOK`)).replace(/^\uFEFF/, ''),
      );
      const cells = (grouping: string, key: string, ...names: string[]) => {
        const row = rows.find((cells) => cells[0] === grouping && cells[1] === key)!;
        return names.map((name) => row[header!.indexOf(name)]);
      };
      const costs = ['Spend', 'Cost per lead', 'Cost per paid lead', 'Cost per paid placement'];
      expect(cells('Landing page', '/training', ...costs)).toEqual(['40.00', '10.00', '20.00', '']);
      expect(cells('Landing variant', 'high_salary', ...costs)).toEqual([
        '40.00',
        '10.00',
        '20.00',
        '',
      ]);
      expect(cells('UTM campaign', 'bought', ...costs)).toEqual(['40.00', '20.00', '20.00', '']);
      expect(cells('Total', '', ...costs)).toEqual(['40.00', '10.00', '20.00', '']);
    });

    it('keeps a placement through the merge of its lead into a newer duplicate: one lead, one placement', async () => {
      const testApp = current();
      const cookie = await signIn(testApp.app);
      // Placed three days ago from campaign "placed-once"; the same person applied again
      // yesterday under another e-mail, and the recruiter merges the old lead into the new one.
      const placed = await leadOn(testApp, dayOf(-3), '/apply', 'placed-once');
      await moveTo(testApp, cookie, placed, 'placed');
      const again = await leadOn(testApp, dayOf(-1), '/apply', 'placed-once');
      const csv = `date,source,campaign,spend,currency\n${dayOf(-3)},facebook,placed-once,20.00,CHF\n`;
      expect((await uploadSpend(testApp, cookie, csv)).statusCode).toBe(200);
      const range = [testApp, cookie, dayOf(-3), dayOf(0), '&currency=CHF'] as const;
      const before = stepOf((await funnel(...range)).utmCampaigns, 'placed-once');
      expect(before).toMatchObject({ leads: 2, placed: 1, costPerPlacement: 2000 });

      const keptId = await candidateIdOf(testApp.db, again);
      const merged = await testApp.app.inject({
        method: 'POST',
        url: `/api/candidate-submissions/${keptId}/merge`,
        headers: { cookie },
        payload: { otherId: await candidateIdOf(testApp.db, placed) },
      });
      expect(merged.statusCode).toBe(200);
      expect(stepOf((await funnel(...range)).utmCampaigns, 'placed-once')).toMatchObject({
        leads: 1,
        placed: 1,
        costPerLead: 2000,
        costPerPlacement: 2000,
      });
      const detail = await testApp.app.inject({
        url: `/api/candidate-submissions/${keptId}`,
        headers: { cookie },
      });
      expect(detail.json()).toMatchObject({ status: 'placed' });
    });

    it('lists every campaign with spend before free traffic, and says what it leaves out', async () => {
      const testApp = current();
      const cookie = await signIn(testApp.app);
      // 101 campaigns of two visitors each without spend, and "small-paid", one visitor and
      // one lead for 9.00: the table lists 100 campaigns, and the paid one must be among them.
      const day = dayOf(-20);
      for (let n = 0; n < 101; n++) await visitorsOn(testApp, day, '/career', `free-${n}`, 2);
      await visitorsOn(testApp, day, '/career', 'small-paid', 1);
      await leadOn(testApp, day, '/career', 'small-paid');
      const csv = `date,source,campaign,spend,currency\n${day},facebook,small-paid,9.00,PLN\n`;
      expect((await uploadSpend(testApp, cookie, csv)).statusCode).toBe(200);

      const figures = await funnel(testApp, cookie, day, day, '&currency=PLN');
      expect(figures.utmCampaigns).toHaveLength(100);
      expect(stepOf(figures.utmCampaigns, 'small-paid')).toMatchObject({ leads: 1, spend: 900 });
      // Still listed by traffic: the paid one comes last.
      expect(figures.utmCampaigns.at(-1)?.key).toBe('small-paid');
      expect(figures.unlisted.utmCampaigns).toEqual({ keys: 2, visitors: 4, leads: 0, spend: 0 });
      expect(figures.unlisted.landingPages).toEqual({ keys: 0, visitors: 0, leads: 0, spend: 0 });
      const lines = (await csvOf(testApp, cookie, day, `${day}&currency=PLN`)).split('\r\n');
      expect(lines).toContainEqual(
        expect.stringMatching(/^"UTM campaign","2 more not listed","4","0",/),
      );
    });

    it("counts a Meta campaign's day once when both the pull and an Ads Manager export without Campaign ID hold it", async () => {
      const testApp = current();
      const cookie = await signIn(testApp.app);
      const pulled = () =>
        new SpendStore(
          tablesOf<SpendTables>(testApp.db),
          testApp.app.writeQueue.forTables<SpendTables>(),
        ).save(
          [
            {
              day: dayOf(-1),
              source: 'facebook',
              campaign: '120210000000001',
              campaignName: 'Winter intake',
              currency: 'EUR',
              amountMinor: 4000,
              impressions: 1000,
              clicks: 40,
            },
          ],
          'meta',
        );
      await pulled();
      await visitorsOn(testApp, dayOf(-1), '/career', 'Winter intake');
      await leadOn(testApp, dayOf(-1), '/career', 'Winter intake');
      await leadOn(testApp, dayOf(-1), '/career', 'Winter intake');
      // Ads Manager's default daily export names the campaign but not its id.
      const exported =
        'Reporting starts,Reporting ends,Day,Campaign name,Amount spent (EUR)\n' +
        `${dayOf(-1)},${dayOf(-1)},${dayOf(-1)},Winter intake,40.00\n`;
      expect((await uploadSpend(testApp, cookie, exported)).statusCode).toBe(200);
      // The next hourly pull writes the same day again.
      await pulled();

      // The other test's spend is in USD: this report is EUR's alone.
      const figures = await funnel(testApp, cookie, dayOf(-1), dayOf(-1), '&currency=EUR');
      expect(figures.currencies).toContainEqual({ currency: 'EUR', spend: 4000 });
      expect(figures.total).toMatchObject({ spend: 4000 });
      expect(stepOf(figures.utmCampaigns, 'Winter intake')).toMatchObject({
        leads: 2,
        spend: 4000,
        costPerLead: 2000,
      });
      expect(stepOf(figures.landingPages, '/career')).toMatchObject({ spend: 4000 });
      expect(figures.weeks.reduce((sum, week) => sum + week.spend, 0)).toBe(4000);
      expect(figures.unmatchedSpend).toEqual([]);
    });
  },
  adminOptions,
);
