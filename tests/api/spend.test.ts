import { afterAll, describe, expect, inject, it } from 'vitest';
import type { FunnelFigures, FunnelStep } from '../../src/shared/admin-funnel';
import { tablesOf } from '../../src/server/platform/database/connection';
import { SpendStore, type SpendTables } from '../../src/server/spend';
import { MetaSpendPull } from '../../src/server/spend/spend-pull';
import { adminEnv, signIn } from '../support/admin';
import { eventually } from '../support/eventually';
import { startInsightsReceiver, type InsightsRow } from '../support/insights-receiver';
import {
  createTestApp,
  describeEachDatabase,
  uniqueEmail,
  type TestApp,
} from '../support/test-app';

/*
 * Ad spend (decision 165): Meta's hourly pull through a local Graph API stand-in that pages its
 * answer and fails once; the CSV upload; matching campaigns to utm_campaign; the funnel's spend
 * and costs in one currency; and its CSV.
 */

const DAY_MS = 86_400_000;
const today = new Date().toISOString().slice(0, 10);
const yesterday = new Date(Date.now() - DAY_MS).toISOString().slice(0, 10);
const TOKEN = 'EAAads-read-token-not-for-logs';
const ACCOUNT = '1234567890';

const insights = await startInsightsReceiver();
/** An account of one campaign, pulled yesterday. */
const springAccount = await startInsightsReceiver();
afterAll(() => Promise.all([insights.close(), springAccount.close()]));

const row = (id: string, name: string, spend: string, day = today): InsightsRow => ({
  campaign_id: id,
  campaign_name: name,
  spend,
  impressions: '1000',
  clicks: '40',
  account_currency: 'USD',
  date_start: day,
  date_stop: day,
});
springAccount.rows = [row('555', 'Spring intake', '50.00', yesterday)];
insights.rows = [
  row('111', 'Spring hires', '10.00'),
  row('111', 'Spring hires', '5.50', yesterday),
  row('222', 'fall-push', '20.00'),
  row('333', 'Brand', '7.25'),
  row('444', 'Nobody clicked', '3.00'),
];

const metaEnv = {
  ...adminEnv,
  META_ADS_ACCESS_TOKEN: TOKEN,
  META_AD_ACCOUNT_ID: `act_${ACCOUNT}`,
  META_GRAPH_URL: insights.url,
};

/** Candidates that arrived now with these landing variant, source and campaign. */
async function addLeads(
  testApp: TestApp,
  leads: { variant: string; source: string; campaign: string; stage?: string; status?: string }[],
) {
  const at = new Date().toISOString();
  for (const lead of leads) {
    const email = uniqueEmail('spend');
    await testApp.db
      .insertInto('candidates')
      .values({
        email,
        email_normalized: email,
        stage: lead.stage ?? 'email',
        landing_variant: lead.variant,
        utm_source: lead.source,
        utm_campaign: lead.campaign,
        questionnaire_completed: 0,
        created_at: at,
        updated_at: at,
        ...(lead.status ? { status: lead.status } : {}),
      } as never)
      .execute();
  }
}

/** A counted visit of a landing page from a campaign, from an address of its own. */
let visitor = 0;
const visit = (testApp: TestApp, page: '/career' | '/training', campaign: string) =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/visits',
    payload: {
      page,
      variant: page === '/career' ? 'free_training' : 'high_salary',
      utmSource: 'facebook',
      utmCampaign: campaign,
    },
    remoteAddress: `198.51.100.${++visitor}`,
  });

async function funnel(testApp: TestApp, cookie: string, query = ''): Promise<FunnelFigures> {
  const response = await testApp.app.inject({
    url: `/api/admin/funnel?from=${yesterday}&to=${today}${query}`,
    headers: { cookie },
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}

const stepOf = (steps: FunnelStep[], key: string) => steps.find((step) => step.key === key);

const deliveries = async (testApp: TestApp, cookie: string) =>
  (await testApp.app.inject({ url: '/api/admin/deliveries', headers: { cookie } })).json<{
    spendPull: { error: string; failures: number } | null;
  }>();

for (const kind of ['sqlite', 'postgres'] as const) {
  describe.skipIf(kind === 'postgres' && !inject('postgresAdminUrl'))(
    `Meta ad spend pull [${kind}]`,
    () => {
      it('pulls every page, shows a failure in the delivery problems until a retry succeeds, and keeps the token out of logs', async () => {
        insights.requests = [];
        insights.failFor(`/act_${ACCOUNT}/insights`, 1);
        const logs: string[] = [];
        const testApp = await createTestApp(kind, {
          env: metaEnv,
          // A retry waits a minute: the failure stays to be seen until the test makes it due.
          spendPull: { pollMs: 30, retryBaseMs: 60_000 },
          logStream: { write: (line) => logs.push(line) },
        });
        try {
          const cookie = await signIn(testApp.app);
          const failing = await eventually(
            async () => (await deliveries(testApp, cookie)).spendPull ?? undefined,
          );
          expect(failing).toMatchObject({
            error: 'Meta insights answered HTTP 500: Service temporarily unavailable',
            failures: 1,
          });
          // The stand-in keeps only the requests it answered.
          expect(insights.requests).toHaveLength(0);

          await tablesOf<SpendTables>(testApp.db)
            .updateTable('ad_spend_pulls')
            .set({ next_pull_at: new Date(0).toISOString() })
            .execute();
          await eventually(async () =>
            (await deliveries(testApp, cookie)).spendPull === null ? true : undefined,
          );
          const stored = await tablesOf<SpendTables>(testApp.db)
            .selectFrom('ad_spend')
            .selectAll()
            .orderBy('campaign')
            .orderBy('day')
            .execute();
          expect(
            stored.map((r) => [r.day, r.source, r.campaign, r.currency, Number(r.amount_minor)]),
          ).toEqual([
            [yesterday, 'facebook', '111', 'USD', 550],
            [today, 'facebook', '111', 'USD', 1000],
            [today, 'facebook', '222', 'USD', 2000],
            [today, 'facebook', '333', 'USD', 725],
            [today, 'facebook', '444', 'USD', 300],
          ]);
          expect(Number(stored[0]!.impressions)).toBe(1000);

          // Three pages of two rows, following paging.next.
          const [first, ...rest] = insights.requests;
          expect(insights.requests).toHaveLength(3);
          expect(first!.url.pathname).toBe(`/v24.0/act_${ACCOUNT}/insights`);
          expect(Object.fromEntries(first!.url.searchParams)).toMatchObject({
            level: 'campaign',
            time_increment: '1',
            fields: 'campaign_id,campaign_name,spend,impressions,clicks,account_currency',
          });
          expect(first!.authorization).toBe(`Bearer ${TOKEN}`);
          expect(rest.map((request) => request.url.searchParams.get('after'))).toEqual(['2', '4']);
          expect(logs.join('')).toMatch(/Meta ad spend pull failed/);
          expect(logs.join('')).not.toContain(TOKEN);
          expect(JSON.stringify(await deliveries(testApp, cookie))).not.toContain(TOKEN);
        } finally {
          await testApp.close();
        }
      }, 30_000);

      it("applies a mapping saved on an Ads Manager export's name row to the pulled rows of the campaign, and back", async () => {
        const testApp = await createTestApp(kind, {
          env: { ...metaEnv, META_GRAPH_URL: springAccount.url },
          spendPull: { pollMs: 30 },
        });
        try {
          const cookie = await signIn(testApp.app);
          // Today's spend came from an export without Campaign ID; yesterday's from the pull.
          const exported = await testApp.app.inject({
            method: 'POST',
            url: '/api/admin/spend',
            headers: { cookie, 'content-type': 'text/csv' },
            payload:
              'Reporting starts,Reporting ends,Day,Campaign name,Amount spent (USD)\n' +
              `${today},${today},${today},Spring intake,30.00\n`,
          });
          expect(exported.statusCode).toBe(200);
          await eventually(async () => {
            const spring = await funnel(testApp, cookie);
            return spring.unmatchedSpend.length === 2 ? spring : undefined;
          });
          await addLeads(testApp, [
            { variant: 'free_training', source: 'facebook', campaign: 'spring-26' },
          ]);
          // The admin matches the campaign where the list shows it, by its name or by its id.
          for (const campaign of ['Spring intake', '555']) {
            const map = await testApp.app.inject({
              method: 'POST',
              url: '/api/admin/spend/mappings',
              headers: { cookie },
              payload: { utmCampaign: 'spring-26', source: 'facebook', campaign },
            });
            expect(map.statusCode).toBe(204);
            const figures = await funnel(testApp, cookie);
            expect(stepOf(figures.utmCampaigns, 'spring-26'), campaign).toMatchObject({
              leads: 1,
              spend: 8000,
              costPerLead: 8000,
            });
            expect(figures.unmatchedSpend, campaign).toEqual([]);
          }
        } finally {
          await testApp.close();
        }
      });

      it('lets only one of several instances pull when it is due', async () => {
        const testApp = await createTestApp(kind, { env: metaEnv, spendPull: { enabled: false } });
        try {
          insights.requests = [];
          insights.recover();
          const db = tablesOf<SpendTables>(testApp.db);
          const config = {
            accessToken: TOKEN,
            accountId: ACCOUNT,
            graphUrl: insights.url,
            apiVersion: 'v24.0',
          };
          const instances = [1, 2, 3].map(
            () =>
              new MetaSpendPull(
                db,
                new SpendStore(db, testApp.app.writeQueue.forTables<SpendTables>()),
                config,
                { onError: () => undefined },
              ),
          );
          await Promise.all(instances.map((instance) => instance.runOnce()));
          expect(insights.requests).toHaveLength(3);
          // Pulled: the next is an hour away.
          await Promise.all(instances.map((instance) => instance.runOnce()));
          expect(insights.requests).toHaveLength(3);
        } finally {
          await testApp.close();
        }
      });
    },
  );
}

describeEachDatabase(
  'ad spend matched to the funnel',
  (current) => {
    it('matches campaigns by id, then name, then the mapping; lists unmatched spend; costs per step', async () => {
      const testApp = current();
      const cookie = await signIn(testApp.app);
      await new SpendStore(
        tablesOf<SpendTables>(testApp.db),
        testApp.app.writeQueue.forTables<SpendTables>(),
      ).save(
        insights.rows.map((r) => ({
          day: r.date_start,
          source: 'facebook',
          campaign: r.campaign_id,
          campaignName: r.campaign_name,
          currency: 'USD',
          amountMinor: Math.round(Number(r.spend) * 100),
          impressions: null,
          clicks: null,
        })),
        'meta',
      );
      await addLeads(testApp, [
        { variant: 'free_training', source: 'facebook', campaign: '111' },
        { variant: 'free_training', source: 'facebook', campaign: '111', status: 'placed' },
        { variant: 'high_salary', source: 'facebook', campaign: 'fall-push', stage: 'application' },
        { variant: 'high_salary', source: 'facebook', campaign: 'brand-x' },
        { variant: 'high_salary', source: 'newsletter', campaign: 'organic' },
      ]);
      for (let i = 0; i < 4; i++) await visit(testApp, '/career', '111');
      await visit(testApp, '/training', 'fall-push');

      const figures = await funnel(testApp, cookie);
      expect(figures.currency).toBe('USD');
      expect(figures.currencies).toEqual([{ currency: 'USD', spend: 4575 }]);
      // By id: 15.50 over two leads, one of them placed (so applied and enrolled too).
      expect(stepOf(figures.utmCampaigns, '111')).toMatchObject({
        leads: 2,
        applications: 1,
        placed: 1,
        spend: 1550,
        currency: 'USD',
        costPerLead: 775,
        costPerApplication: 1550,
        costPerBookedCall: 1550,
        costPerAttendedCall: 1550,
        costPerEnrolled: 1550,
        costPerPlacement: 1550,
      });
      // By name.
      expect(stepOf(figures.utmCampaigns, 'fall-push')).toMatchObject({
        spend: 2000,
        costPerLead: 2000,
        costPerApplication: 2000,
        costPerPlacement: null,
      });
      // Leads without matching spend are listed with no spend, never dropped.
      for (const key of ['brand-x', 'organic']) {
        expect(stepOf(figures.utmCampaigns, key)).toMatchObject({
          leads: 1,
          spend: null,
          currency: null,
          costPerLead: null,
        });
      }
      expect(figures.unmatchedSpend).toEqual([
        { source: 'facebook', campaign: '333', campaignName: 'Brand', spend: 725 },
        { source: 'facebook', campaign: '444', campaignName: 'Nobody clicked', spend: 300 },
      ]);
      // A source's spend is its matched campaigns' (unmatched spend is listed above), per lead
      // and per paid lead: over the leads they bought, 111's two and fall-push's one, not
      // brand-x's (no spend).
      expect(stepOf(figures.utmSources, 'facebook')).toMatchObject({
        leads: 4,
        spend: 3550,
        costPerLead: 888,
        costPerPaidLead: 1183,
      });
      expect(stepOf(figures.utmSources, 'newsletter')).toMatchObject({ spend: null });
      // A campaign's spend goes to the landing pages its visitors saw, and so to their variants.
      expect(stepOf(figures.landingPages, '/career')).toMatchObject({ visitors: 4, spend: 1550 });
      expect(stepOf(figures.landingPages, '/training')).toMatchObject({ spend: 2000 });
      // The total's spend is what bought candidates: the matched 35.50, not the unmatched 10.25.
      expect(figures.total).toMatchObject({ leads: 5, spend: 3550, costPerLead: 710 });
      expect(stepOf(figures.variants, 'free_training')).toMatchObject({ spend: 1550 });
      // Its spend bought fall-push's one lead, not brand-x's (no spend) nor the newsletter's.
      expect(stepOf(figures.variants, 'high_salary')).toMatchObject({
        leads: 3,
        spend: 2000,
        costPerLead: 667,
        costPerPaidLead: 2000,
      });
      expect(figures.weeks.reduce((sum, week) => sum + week.spend, 0)).toBe(4575);
      expect(figures.weeks.reduce((sum, week) => sum + week.placed, 0)).toBe(1);

      // The admin maps brand-x to the Brand campaign; then removes it again.
      const map = await testApp.app.inject({
        method: 'POST',
        url: '/api/admin/spend/mappings',
        headers: { cookie },
        payload: { utmCampaign: 'brand-x', source: 'facebook', campaign: '333' },
      });
      expect(map.statusCode).toBe(204);
      const mapped = await funnel(testApp, cookie);
      expect(stepOf(mapped.utmCampaigns, 'brand-x')).toMatchObject({
        spend: 725,
        costPerLead: 725,
      });
      expect(mapped.unmatchedSpend.map((spend) => spend.campaign)).toEqual(['444']);
      expect(
        (
          await testApp.app.inject({ url: '/api/admin/spend/mappings', headers: { cookie } })
        ).json(),
      ).toEqual([
        { utmCampaign: 'brand-x', source: 'facebook', campaign: '333', campaignName: 'Brand' },
      ]);
      const remove = (utm: string) =>
        testApp.app.inject({
          method: 'DELETE',
          url: `/api/admin/spend/mappings/${utm}`,
          headers: { cookie },
        });
      expect((await remove('brand-x')).statusCode).toBe(204);
      expect((await remove('brand-x')).statusCode).toBe(404);

      // The CSV holds the same figures, amounts as decimals.
      const csv = await testApp.app.inject({
        url: `/api/admin/funnel.csv?from=${yesterday}&to=${today}`,
        headers: { cookie },
      });
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-disposition']).toBe(
        `attachment; filename="funnel-${yesterday}-${today}.csv"`,
      );
      const lines = csv.body.split('\r\n');
      expect(lines[0]).toContain('"Spend","Currency","Cost per lead","Cost per application"');
      // Paid costs, then companies, come last: the columns before keep places and meanings.
      expect(lines[0]).toMatch(
        /"Cost per placement","Cost per paid lead",.*,"Cost per paid placement","Companies","Company rate"$/,
      );
      expect(lines).toContain(
        '"UTM campaign","111","4","2","1","1","1","1","1","0","0.5","0.5","","","","15.50","USD","7.75","15.50","15.50","15.50","15.50","15.50","7.75","15.50","15.50","15.50","15.50","15.50","0","0"',
      );
      // The whole range first (its spend what bought candidates: matched, so paid costs too);
      // landing pages by path; the A/B card's variants by their name.
      expect(lines[1]).toBe(
        '"Total","","5","5","2","1","1","1","1","0","1","0.4","","","","35.50","USD","7.10","17.75","35.50","35.50","35.50","35.50","11.83","17.75","35.50","35.50","35.50","35.50","0","0"',
      );
      expect(lines).toContain(
        '"Landing page","/career","4","0","0","0","0","0","0","0","0","","","","","15.50","USD","","","","","","","","","","","","","0","0"',
      );
      expect(lines).toContainEqual(expect.stringMatching(/^"Landing variant","free_training",/));
      // A source's cost per lead is its spend over all its leads; per paid lead, over 111's and
      // fall-push's.
      expect(lines.find((line) => line.startsWith('"UTM source","facebook",'))).toMatch(
        /,"35\.50","USD","8\.88","17\.75"(,"35\.50"){4},"11\.83","17\.75"(,"35\.50"){4},"0","0"$/,
      );
      expect(lines).toContain(
        '"Unmatched spend","facebook Nobody clicked","","","","","","","","","","","","","","3.00","USD","","","","","","","","","","","","","",""',
      );
    });

    it('takes a CSV upload, replaces a re-uploaded day, and reports one currency at a time', async () => {
      const testApp = current();
      const cookie = await signIn(testApp.app);
      const upload = (csv: string) =>
        testApp.app.inject({
          method: 'POST',
          url: '/api/admin/spend',
          headers: { cookie, 'content-type': 'text/csv' },
          payload: csv,
        });
      await addLeads(testApp, [
        { variant: 'free_training', source: 'google', campaign: 'search-1' },
      ]);
      const first = await upload(
        `date,source,campaign,spend,currency\n${today},google,search-1,12.34,usd\n${today},google,display,1000,JPY\n`,
      );
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ stored: 2 });
      const again = await upload(
        `source,date,campaign,currency,spend\ngoogle,${today},search-1,USD,20\n`,
      );
      expect(again.json()).toEqual({ stored: 1 });

      const usd = await funnel(testApp, cookie, '&currency=USD');
      expect(stepOf(usd.utmCampaigns, 'search-1')).toMatchObject({
        spend: 2000,
        currency: 'USD',
        costPerLead: 2000,
      });
      // Yen are never added to dollars: they are a report of their own.
      const yen = await funnel(testApp, cookie, '&currency=JPY');
      expect(yen.currency).toBe('JPY');
      expect(stepOf(yen.utmCampaigns, 'search-1')).toMatchObject({ spend: null, currency: null });
      expect(yen.unmatchedSpend).toContainEqual(
        expect.objectContaining({ source: 'google', campaign: 'display', spend: 1000 }),
      );
      expect(stepOf(yen.utmSources, 'google')).toMatchObject({ spend: null, currency: null });
      expect(yen.currencies.map((c) => c.currency)).toEqual(expect.arrayContaining(['USD', 'JPY']));
      const badCurrency = await testApp.app.inject({
        url: `/api/admin/funnel?from=${today}&to=${today}&currency=dollars`,
        headers: { cookie },
      });
      expect(badCurrency.statusCode).toBe(400);
      expect(badCurrency.json().fields).toEqual({ currency: 'An ISO 4217 code such as USD' });

      // A bad row: 400 naming its row and column, and nothing of the file stored.
      for (const [csv, answer] of [
        [
          `date,source,campaign,spend,currency\n${yesterday},google,search-1,1.00,USD\n${today},google,search-1,12.345,USD\n`,
          { row: 3, column: 'spend' },
        ],
        [`date,source,campaign,spend\n${today},google,x,1.00\n`, { row: 1, column: 'currency' }],
        [
          `date,source,campaign,spend,currency\n2024-02-30,google,x,1,USD\n`,
          { row: 2, column: 'date' },
        ],
        [
          `date,source,campaign,spend,currency\n${today},google,x,1,XYZ\n`,
          { row: 2, column: 'currency' },
        ],
        [`date,source,campaign,spend,currency\n${today},,x,1,USD\n`, { row: 2, column: 'source' }],
        [`date,source,campaign,spend,currency\n${today},google,x,1\n`, { row: 2, column: null }],
      ] as const) {
        const response = await upload(csv);
        expect(response.statusCode, csv).toBe(400);
        expect(response.json(), csv).toMatchObject(answer);
      }
      expect(
        (await upload(`date,source,campaign,spend,currency\n${today},google,x,1,XYZ\n`)).json()
          .error,
      ).toBe('Row 2, column currency: an ISO 4217 code such as USD');
      const after = await funnel(testApp, cookie, '&currency=USD');
      expect(stepOf(after.utmCampaigns, 'search-1')).toMatchObject({ spend: 2000 });

      const signedOut = await testApp.app.inject({
        method: 'POST',
        url: '/api/admin/spend',
        headers: { 'content-type': 'text/csv' },
        payload: `date,source,campaign,spend,currency\n${today},google,x,1,USD\n`,
      });
      expect(signedOut.statusCode).toBe(401);

      // JSON is no upload.
      const json = await testApp.app.inject({
        method: 'POST',
        url: '/api/admin/spend',
        headers: { cookie },
        payload: { date: today },
      });
      expect(json.statusCode).toBe(400);
    });
  },
  { env: adminEnv },
);
