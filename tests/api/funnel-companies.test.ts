import { expect, it, onTestFinished } from 'vitest';
import type { FunnelStep } from '../../src/shared/admin-funnel';
import { adminOptions, signIn, uploadSpend } from '../support/admin';
import { postJson } from '../support/api';
import { parseCsv } from '../support/csv';
import { funnelOf, leadThrough, moveTo, spendCsv, visit } from '../support/funnel-walk';
import { validBodies } from '../support/lead-bodies';
import {
  createTestApp,
  describeEachDatabase,
  uniqueEmail,
  type TestApp,
} from '../support/test-app';

/*
 * An employer campaign in the marketer's funnel (session 38): its company leads are not
 * candidates (decision 115), but it must not read as a campaign that brought nobody.
 */

const stepOf = (steps: FunnelStep[], key: string) => steps.find((step) => step.key === key);

/** The funnel's CSV of `figures`' range: a cell by grouping, key and column. */
async function csvOf(testApp: TestApp, cookie: string, figures: { from: string; to: string }) {
  const response = await testApp.app.inject({
    url: `/api/admin/funnel.csv?from=${figures.from}&to=${figures.to}`,
    headers: { cookie },
  });
  const [header, ...rows] = parseCsv(response.body.replace(/^\uFEFF/, ''));
  return (grouping: string, key: string, column: string) =>
    rows.find((row) => row[0] === grouping && row[1] === key)?.[header!.indexOf(column)];
}

/** `count` company leads from /companies, from an ad of `campaign`. */
async function companiesFrom(testApp: TestApp, campaign: string, count: number) {
  const attribution = { page: '/companies', utmSource: 'facebook', utmCampaign: campaign };
  for (let n = 0; n < count; n++) {
    const body = { ...validBodies.companyRequest(uniqueEmail('employer')), attribution };
    expect((await postJson(testApp.app, '/api/companies/submit', body)).statusCode).toBe(200);
  }
}

describeEachDatabase(
  'company leads in the funnel',
  (current) => {
    it("counts an employer campaign's company leads beside its candidates, in the API and the CSV", async () => {
      const testApp = current();
      const cookie = await signIn(testApp.app);
      await companiesFrom(testApp, 'employers', 2);
      await leadThrough(testApp, '/career', 'jobseekers');

      const figures = await funnelOf(testApp, cookie);
      expect(figures.total).toMatchObject({ leads: 1, companies: 2 });
      expect(stepOf(figures.utmCampaigns, 'employers')).toMatchObject({ leads: 0, companies: 2 });
      expect(stepOf(figures.utmCampaigns, 'jobseekers')).toMatchObject({ leads: 1, companies: 0 });
      expect(stepOf(figures.landingPages, '/companies')).toMatchObject({ leads: 0, companies: 2 });
      expect(stepOf(figures.landingPages, '/career')).toMatchObject({ leads: 1, companies: 0 });
      expect(stepOf(figures.utmSources, 'facebook')).toMatchObject({ leads: 1, companies: 2 });

      const response = await testApp.app.inject({
        url: `/api/admin/funnel.csv?from=${figures.from}&to=${figures.to}`,
        headers: { cookie },
      });
      const [header, ...rows] = parseCsv(response.body.replace(/^\uFEFF/, ''));
      // New columns after the existing ones: Leads keeps its place.
      expect(header!.slice(-2)).toEqual(['Companies', 'Company rate']);
      const cell = (grouping: string, key: string, column: string) =>
        rows.find((row) => row[0] === grouping && row[1] === key)?.[header!.indexOf(column)];
      expect(cell('UTM campaign', 'employers', 'Companies')).toBe('2');
      expect(cell('UTM campaign', 'employers', 'Leads')).toBe('0');
      expect(cell('Total', '', 'Companies')).toBe('2');
      expect(cell('Total', '', 'Leads')).toBe('1');
    });

    it('costs the total per candidate with the spend that bought candidates, and rates /companies by its company leads', async () => {
      // A database of its own: the /companies row is this walk's alone.
      const testApp = await createTestApp(current().kind, adminOptions);
      onTestFinished(() => testApp.close());
      const cookie = await signIn(testApp.app);
      // A month's walk in small: "jobseekers" bought one candidate, placed, for 30.00; the
      // employer campaign's 50.00 brought only company leads; 7.00 of spend matched nobody.
      const placed = await leadThrough(testApp, '/career', 'jobseekers');
      await moveTo(testApp, cookie, placed, 'placed');
      for (let n = 0; n < 3; n++) await visit(testApp, '/companies', 'employers');
      await companiesFrom(testApp, 'employers', 2);
      const csv = spendCsv([
        ['jobseekers', 3000],
        ['employers', 5000],
        ['orphan', 700],
      ]);
      expect((await uploadSpend(testApp, cookie, csv)).statusCode).toBe(200);

      const figures = await funnelOf(testApp, cookie);
      const candidates = { spend: 3000, costPerLead: 3000, costPerPlacement: 3000 };
      expect(figures.total).toMatchObject({ leads: 1, placed: 1, companies: 2, ...candidates });
      expect(figures.total).toMatchObject({ costPerPaidLead: 3000, costPerPaidPlacement: 3000 });
      // The employer campaign's and the unmatched spend are listed where they belong.
      expect(stepOf(figures.utmCampaigns, 'employers')).toMatchObject({ spend: 5000 });
      expect(figures.unmatchedSpend).toMatchObject([{ campaign: 'orphan', spend: 700 }]);
      // /companies is for employers: its rate counts them (2 of 3 visitors), beside its lead rate.
      expect(stepOf(figures.landingPages, '/companies')).toMatchObject({
        visitors: 3,
        leads: 0,
        companies: 2,
        leadRate: 0,
        companyRate: 0.6667,
        visitorsUndercounted: false,
      });

      const cell = await csvOf(testApp, cookie, figures);
      expect(
        ['Spend', 'Cost per lead', 'Cost per placement'].map((column) => cell('Total', '', column)),
      ).toEqual(['30.00', '30.00', '30.00']);
      expect(cell('Landing page', '/companies', 'Company rate')).toBe('0.6667');
      expect(cell('Landing page', '/companies', 'Lead rate')).toBe('0');
    });
  },
  adminOptions,
);
