import { expect, it } from 'vitest';
import type { FunnelStep } from '../../src/shared/admin-funnel';
import { adminOptions, signIn } from '../support/admin';
import { postJson } from '../support/api';
import { parseCsv } from '../support/csv';
import { funnelOf, leadThrough } from '../support/funnel-walk';
import { validBodies } from '../support/lead-bodies';
import { describeEachDatabase, uniqueEmail } from '../support/test-app';

/*
 * An employer campaign in the marketer's funnel (session 38): its company leads are not
 * candidates (decision 115), but it must not read as a campaign that brought nobody.
 */

const stepOf = (steps: FunnelStep[], key: string) => steps.find((step) => step.key === key);

describeEachDatabase(
  'company leads in the funnel',
  (current) => {
    it("counts an employer campaign's company leads beside its candidates, in the API and the CSV", async () => {
      const testApp = current();
      const cookie = await signIn(testApp.app);
      const attribution = { page: '/companies', utmSource: 'facebook', utmCampaign: 'employers' };
      for (const email of [uniqueEmail('employer'), uniqueEmail('employer')]) {
        const body = { ...validBodies.companyRequest(email), attribution };
        expect((await postJson(testApp.app, '/api/companies/submit', body)).statusCode).toBe(200);
      }
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
      // A new column after the existing ones: Leads keeps its place.
      expect(header!.at(-1)).toBe('Companies');
      const cell = (grouping: string, key: string, column: string) =>
        rows.find((row) => row[0] === grouping && row[1] === key)?.[header!.indexOf(column)];
      expect(cell('UTM campaign', 'employers', 'Companies')).toBe('2');
      expect(cell('UTM campaign', 'employers', 'Leads')).toBe('0');
      expect(cell('Total', '', 'Companies')).toBe('2');
      expect(cell('Total', '', 'Leads')).toBe('1');
    });
  },
  adminOptions,
);
