import { expect, it } from 'vitest';
import type { FunnelFigures, FunnelStep } from '../../src/shared/admin-funnel';
import { adminEnv, signIn, uploadSpend as upload } from '../support/admin';
import { describeEachDatabase, uniqueEmail, type TestApp } from '../support/test-app';

/*
 * The spend upload takes the files marketers have (issue 41): this project's template, downloaded
 * from the screen, and Meta Ads Manager's daily campaign export, recognised by its header. A file
 * it cannot read names the row and the column as the file names it, and the template.
 */

const DAY_MS = 86_400_000;
const today = new Date().toISOString().slice(0, 10);
const yesterday = new Date(Date.now() - DAY_MS).toISOString().slice(0, 10);

/** A candidate that came from a Meta ad of `campaign` (utm_campaign={{campaign.name}}). */
async function leadFrom(testApp: TestApp, campaign: string) {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/candidates/email',
    payload: {
      email: uniqueEmail('ads'),
      attribution: {
        page: '/career',
        variant: 'free_training',
        utmSource: 'facebook',
        utmCampaign: campaign,
      },
    },
  });
  expect(response.statusCode).toBe(200);
}

async function campaignStep(testApp: TestApp, cookie: string, key: string) {
  const response = await testApp.app.inject({
    url: `/api/admin/funnel?from=${yesterday}&to=${today}&currency=USD`,
    headers: { cookie },
  });
  expect(response.statusCode).toBe(200);
  return response.json<FunnelFigures>().utmCampaigns.find((step: FunnelStep) => step.key === key);
}

describeEachDatabase(
  'the spend upload reads the files marketers have',
  (current) => {
    it('reads an Ads Manager export by its header, and a second upload replaces the first', async () => {
      const testApp = current();
      const cookie = await signIn(testApp.app);
      await leadFrom(testApp, 'Spring Technicians');
      await leadFrom(testApp, 'Spring Technicians');
      const exported =
        '\uFEFFReporting starts,Reporting ends,Campaign name,Campaign ID,Day,Amount spent (USD),Impressions\n' +
        `${yesterday},${today},Spring Technicians,120210000001,${yesterday},30.25,1200\n` +
        `${yesterday},${today},Spring Technicians,120210000001,${today},19.75,800\n` +
        `${yesterday},${today},Paused campaign,120210000002,${today},,0\n`;
      const first = await upload(testApp, cookie, exported);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ stored: 3 });
      // Matched by name, as the ads' utm_campaign carries it; a blank amount is nothing spent.
      expect(await campaignStep(testApp, cookie, 'Spring Technicians')).toMatchObject({
        leads: 2,
        spend: 5000,
        currency: 'USD',
        costPerLead: 2500,
      });
      expect((await upload(testApp, cookie, exported)).json()).toEqual({ stored: 3 });
      expect(await campaignStep(testApp, cookie, 'Spring Technicians')).toMatchObject({
        spend: 5000,
      });

      // Without Campaign ID, in another currency column: the name is the campaign.
      const byName = await upload(
        testApp,
        cookie,
        `Day,Campaign name,Amount spent (usd)\n${today},Autumn Intake,12.5\n`,
      );
      expect(byName.json()).toEqual({ stored: 1 });
      await leadFrom(testApp, 'Autumn Intake');
      expect(await campaignStep(testApp, cookie, 'Autumn Intake')).toMatchObject({ spend: 1250 });
    });

    it('names the row and the column as the file names them, and the template', async () => {
      const testApp = current();
      const cookie = await signIn(testApp.app);
      const badAmount = await upload(
        testApp,
        cookie,
        `Day,Campaign name,Amount spent (USD)\n${today},Spring,1.00\n${today},Summer,12.345\n`,
      );
      expect(badAmount.statusCode).toBe(400);
      expect(badAmount.json()).toEqual({
        error:
          'Row 3, column Amount spent (USD): an amount such as 12.34, with at most the decimals USD has',
        row: 3,
        column: 'Amount spent (USD)',
        template: '/api/admin/spend/template.csv',
      });
      const unknown = await upload(testApp, cookie, `Date,Campaign,Cost\n${today},Spring,1.00\n`);
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toMatchObject({ row: 1, column: 'source' });
      expect(unknown.json().error).toContain(
        'an Ads Manager export has Day, Campaign name and Amount spent',
      );
      expect(await campaignStep(testApp, cookie, 'Spring')).toBeUndefined();
    });

    it('gives the template to download, and takes it back as it is', async () => {
      const testApp = current();
      const cookie = await signIn(testApp.app);
      const template = await testApp.app.inject({
        url: '/api/admin/spend/template.csv',
        headers: { cookie },
      });
      expect(template.statusCode).toBe(200);
      expect(template.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(template.headers['content-disposition']).toBe(
        'attachment; filename="spend-template.csv"',
      );
      expect(template.body.split('\n')[0]).toBe('date,source,campaign,spend,currency');
      expect((await upload(testApp, cookie, template.body)).json()).toEqual({ stored: 1 });
      const anonymous = await testApp.app.inject({ url: '/api/admin/spend/template.csv' });
      expect(anonymous.statusCode).toBe(401);
    });

    it('records in the audit log who changed the costs: an upload, a mapping saved and removed', async () => {
      const testApp = current();
      const cookie = await signIn(testApp.app);
      const send = (method: 'POST' | 'DELETE', url: string, payload?: object) =>
        testApp.app.inject({ method, url, headers: { cookie }, payload });
      await upload(testApp, cookie, `Date,Campaign,Cost\n${today},Spring,1.00\n`); // refused
      const csv = `Day,Campaign name,Amount spent (USD)\n${today},Spring,1.00\n${today},Fall,2.00\n`;
      expect((await upload(testApp, cookie, csv)).json()).toEqual({ stored: 2 });
      const mapping = { utmCampaign: 'spring-fb', source: 'facebook', campaign: 'Spring' };
      expect((await send('POST', '/api/admin/spend/mappings', mapping)).statusCode).toBe(204);
      expect((await send('DELETE', '/api/admin/spend/mappings/spring-fb')).statusCode).toBe(204);
      const audit = await testApp.app.inject({ url: '/api/admin/audit', headers: { cookie } });
      const entries = audit.json<{ action: string; actor: string; detail: string }[]>();
      expect(entries.slice(0, 3).map(({ action, detail }) => [action, detail])).toEqual([
        ['spend_mapping_removed', 'spring-fb'],
        ['spend_mapping_saved', 'spring-fb -> facebook Spring'],
        ['spend_uploaded', '2 rows'],
      ]);
      expect(entries[0]!.actor).toMatch(/^Owner \(account 1, session \d+\)$/);
      expect(entries[3]).toMatchObject({ action: 'sign_in' });
    });

    it("names a campaign matched by its id by the campaign's name, in the list and the audit log", async () => {
      const testApp = current();
      const cookie = await signIn(testApp.app);
      const csv =
        'Day,Campaign name,Campaign ID,Amount spent (USD)\n' +
        `${yesterday},Spring (old name),120210000012,1.00\n` +
        `${today},Spring Technicians,120210000012,2.00\n`;
      expect((await upload(testApp, cookie, csv)).statusCode).toBe(200);
      const map = (utmCampaign: string, campaign: string) =>
        testApp.app.inject({
          method: 'POST',
          url: '/api/admin/spend/mappings',
          headers: { cookie },
          payload: { utmCampaign, source: 'facebook', campaign },
        });
      expect((await map('technicians-fb', '120210000012')).statusCode).toBe(204);
      // An id no spend names yet is shown as it is.
      expect((await map('summer-fb', '120210000099')).statusCode).toBe(204);
      const listed = await testApp.app.inject({
        url: '/api/admin/spend/mappings',
        headers: { cookie },
      });
      // The name its latest spend carries, as the ads' utm_campaign={{campaign.name}} does.
      expect(listed.json()).toEqual([
        {
          utmCampaign: 'summer-fb',
          source: 'facebook',
          campaign: '120210000099',
          campaignName: '120210000099',
        },
        {
          utmCampaign: 'technicians-fb',
          source: 'facebook',
          campaign: '120210000012',
          campaignName: 'Spring Technicians',
        },
      ]);
      const audit = await testApp.app.inject({
        url: '/api/admin/audit?action=spend_mapping_saved',
        headers: { cookie },
      });
      expect(
        audit
          .json<{ detail: string }[]>()
          .map(({ detail }) => detail)
          .slice(0, 2),
      ).toEqual([
        'summer-fb -> facebook 120210000099',
        'technicians-fb -> facebook Spring Technicians',
      ]);
    });
  },
  { env: adminEnv },
);
