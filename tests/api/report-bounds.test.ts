import { sql } from 'kysely';
import { expect, it } from 'vitest';
import type { FunnelFigures } from '../../src/shared/admin-funnel';
import { tablesOf } from '../../src/server/platform/database/connection';
import { SpendStore, type SpendTables } from '../../src/server/spend';
import { adminOptions, signIn, uploadSpend as upload } from '../support/admin';
import { describeEachDatabase, type TestApp } from '../support/test-app';

/*
 * Issue 40's attacks on the reports (decisions 105, 165): a range of ten thousand years, a spend
 * file of the largest size allowed, and amounts whose sum overflows SQLite's integers. Each
 * report answers within its bounds, and the server keeps answering meanwhile.
 */

const DAY_MS = 86_400_000;
const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);
const today = dayOf(Date.now());
const daysAgo = (days: number) => dayOf(Date.now() - days * DAY_MS);

const get = (testApp: TestApp, cookie: string, url: string) =>
  testApp.app.inject({ url, headers: { cookie } });

/** `count` campaigns of one day, each `amountMinor` in `currency`, stored as the pull or upload does. */
const storeSpend = (testApp: TestApp, count: number, amountMinor: number, currency = 'KWD') =>
  new SpendStore(
    tablesOf<SpendTables>(testApp.db),
    testApp.app.writeQueue.forTables<SpendTables>(),
  ).save(
    Array.from({ length: count }, (_, index) => ({
      day: today,
      source: 'network',
      campaign: `campaign-${index}`,
      campaignName: `Campaign ${index} ${'n'.repeat(150)}`,
      currency,
      amountMinor,
      impressions: null,
      clicks: null,
    })),
    'upload',
  );

/** A spend file just under the 16 MB the upload takes: 40,000 rows of long names over two years. */
function largestCsv(): string {
  const lines = ['date,source,campaign,spend,currency'];
  const long = 'x'.repeat(180);
  for (let row = 0; row < 40_000; row++)
    lines.push(`${daysAgo(row % 730)},src-${long},c${row}-${long},${row}.125,KWD`);
  return `${lines.join('\n')}\n`;
}

describeEachDatabase(
  'reports within bounds',
  (current) => {
    it('refuses a range wider than two years with 400 naming `to`, and answers two years', async () => {
      const testApp = current();
      const cookie = await signIn(testApp.app);
      for (const path of ['/api/admin/funnel', '/api/admin/funnel.csv']) {
        const widest = await get(testApp, cookie, `${path}?from=0000-01-01&to=9999-12-31`);
        expect(widest.statusCode, path).toBe(400);
        expect(widest.json()).toEqual({
          error: 'Please check the dates',
          fields: { to: 'Within two years of from: at most 731 days, both included' },
        });
        expect(
          (await get(testApp, cookie, `${path}?from=2024-01-01&to=2026-01-01`)).statusCode,
        ).toBe(400);
        // 2024-01-01..2025-12-31: 731 days, a leap year's two years.
        expect(
          (await get(testApp, cookie, `${path}?from=2024-01-01&to=2025-12-31`)).statusCode,
        ).toBe(200);
      }
      const spec = (await get(testApp, cookie, '/api/openapi.json')).json();
      expect(spec.paths['/api/admin/funnel'].get.parameters).toContainEqual(
        expect.objectContaining({
          name: 'to',
          description: expect.stringContaining('at most 731 days'),
        }),
      );
    });

    it('lists the 100 campaigns of most unmatched spend and sums up the rest: a small answer', async () => {
      const testApp = current();
      const cookie = await signIn(testApp.app);
      await storeSpend(testApp, 2_000, 1000, 'BHD');
      const answer = await get(
        testApp,
        cookie,
        `/api/admin/funnel?from=${daysAgo(730)}&to=${today}&currency=BHD`,
      );
      expect(answer.statusCode).toBe(200);
      const figures = answer.json<FunnelFigures>();
      expect(figures.unmatchedSpend).toHaveLength(100);
      expect(figures.moreUnmatchedSpend).toEqual({ campaigns: 1_900, spend: 1_900_000 });
      expect(figures.currencies).toContainEqual({ currency: 'BHD', spend: 2_000_000 });
      expect(answer.body.length).toBeLessThan(200_000);
      const csv = await get(
        testApp,
        cookie,
        `/api/admin/funnel.csv?from=${daysAgo(730)}&to=${today}&currency=BHD`,
      );
      expect(csv.body).toContain('"Unmatched spend","1900 more campaigns"');
      expect(
        csv.body.split('\r\n').filter((line) => line.startsWith('"Unmatched spend"')),
      ).toHaveLength(101);
    });

    it('keeps answering /api/health while the largest allowed spend file is parsed and stored', async () => {
      const testApp = current();
      const cookie = await signIn(testApp.app);
      const csv = largestCsv();
      expect(csv.length).toBeGreaterThan(15 * 2 ** 20);
      expect(csv.length).toBeLessThan(16 * 2 ** 20);
      let uploading = true;
      const answered = upload(testApp, cookie, csv).finally(() => (uploading = false));
      let healthAnswers = 0;
      while (uploading) {
        // One ask a turn of the event loop, as a client's requests arrive from the network.
        await new Promise((resolve) => setImmediate(resolve));
        const health = await testApp.app.inject({ url: '/api/health' });
        expect(health.statusCode).toBe(200);
        healthAnswers++;
      }
      const response = await answered;
      expect(response.json()).toEqual({ stored: 40_000 });
      // The server answered again and again while the file was read and stored, not only before
      // and after it: the event loop was never held for the whole upload.
      expect(healthAnswers).toBeGreaterThan(100);
    }, 120_000);

    it('refuses a day of spend past the bound, naming the row and column', async () => {
      const testApp = current();
      const cookie = await signIn(testApp.app);
      const response = await upload(
        testApp,
        cookie,
        `date,source,campaign,spend,currency\n${today},google,ok,12.5,KWD\n${today},google,huge,999999999999.999,KWD\n`,
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: 'Row 3, column spend: at most 10000000000.000 KWD a row (a day of one campaign)',
        row: 3,
        column: 'spend',
        template: '/api/admin/spend/template.csv',
      });
    });

    it('answers a funnel over amounts whose sum passes 2^63 (stored before the bound)', async () => {
      const testApp = current();
      const cookie = await signIn(testApp.app);
      // Rows an earlier pull could store (Meta's amounts had no bound): each fits a bigint,
      // three together do not.
      for (const campaign of ['big-1', 'big-2', 'big-3'])
        await sql`insert into ad_spend (day, source, campaign, campaign_name, currency, amount_minor, origin, updated_at)
          values (${today}, 'facebook', ${campaign}, ${campaign}, 'KWD', ${sql.raw('4000000000000000000')}, 'meta', ${new Date().toISOString()})`.execute(
          testApp.db,
        );
      for (const path of ['/api/admin/funnel', '/api/admin/funnel.csv']) {
        const response = await get(
          testApp,
          cookie,
          `${path}?from=${today}&to=${today}&currency=KWD`,
        );
        expect(response.statusCode, path).toBe(200);
      }
      const figures = (
        await get(testApp, cookie, `/api/admin/funnel?from=${today}&to=${today}&currency=KWD`)
      ).json<FunnelFigures>();
      expect(figures.currencies.find((entry) => entry.currency === 'KWD')?.spend).toBeGreaterThan(
        2 ** 63,
      );
      expect(figures.weeks.at(-1)?.spend).toBeGreaterThan(2 ** 63);
    });
  },
  adminOptions,
);
