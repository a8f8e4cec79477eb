import type { Page } from '@playwright/test';
import { test } from './fixtures';
import { expect, signIn, signInThroughForm } from './support/admin';
import { uniqueTag } from './support/admin';
import { visitCounted, visitLandingPagesFromAds } from './support/visits';
import { acrossDays } from '../support/utc-days';

/*
 * The first-party visit count end to end (decision 115): the landing pages, opened from an ad
 * link with UTM values, send their beacon after the first paint, and the admin's funnel counts them.
 */

interface Step {
  key: string | null;
  visitors: number;
  leads: number;
}

test('visits of /career and /training from ad links show in the funnel', async ({
  browser,
  page,
}) => {
  // The funnel's days are those the visits were counted in (a run may cross midnight).
  const { result, from, to } = await acrossDays(() => visitLandingPagesFromAds(browser, page));
  const { source, campaignA, campaignB } = result;

  await signIn(page);
  type Funnel = Record<'variants' | 'utmSources' | 'utmCampaigns', Step[]>;
  const readFunnel = async () => {
    const response = await page.request.get(`/api/admin/funnel?from=${from}&to=${to}`);
    expect(response.status()).toBe(200);
    return (await response.json()) as Funnel;
  };
  const find = (steps: Step[], key: string) => steps.find((step) => step.key === key);
  // Visits are written within a second of their beacon (visit-counter.ts).
  await expect
    .poll(async () => find((await readFunnel()).utmSources, source))
    .toMatchObject({ visitors: 2, leads: 0 });
  const funnel = await readFunnel();
  // The same browser counts once per campaign: one visitor for each campaign, two for the source.
  expect(find(funnel.utmCampaigns, campaignA)).toMatchObject({ visitors: 1 });
  expect(find(funnel.utmCampaigns, campaignB)).toMatchObject({ visitors: 1 });
  expect(find(funnel.variants, 'free_training')?.visitors).toBeGreaterThanOrEqual(1);
  expect(find(funnel.variants, 'high_salary')?.visitors).toBeGreaterThanOrEqual(1);
});

test("a second ad's click in the same tab counts, and brings its lead, for that ad", async ({
  page,
}) => {
  const [source, first, second] = [uniqueTag('src'), uniqueTag('a'), uniqueTag('b')];
  const { from, to } = await acrossDays(async () => {
    await visitCounted(page, `/candidates?utm_source=${source}&utm_campaign=${first}&fbclid=F1`);
    // Later, another of the ads opens in the same tab (sessionStorage survives the navigation).
    await visitCounted(page, `/candidates?utm_source=${source}&utm_campaign=${second}&fbclid=F2`);
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Clicks');
    await page.getByLabel('Email').fill(`${second}@example.com`);
    const sent = page.waitForRequest((request) => request.url().endsWith('/basic-info'));
    await page.getByRole('button', { name: 'Continue to Application' }).click();
    // The fbclid the server builds `fbc` from is the latest click's, as the pixel's `_fbc`.
    expect((await sent).postDataJSON().attribution).toMatchObject({ fbclid: 'F2' });
    await expect(page).toHaveURL(/\/typeform$/);
  });

  await signIn(page);
  const campaigns = async () => {
    const response = await page.request.get(`/api/admin/funnel?from=${from}&to=${to}`);
    const rows = ((await response.json()) as { utmCampaigns: Step[] }).utmCampaigns;
    return [first, second].map((key) => rows.find((row) => row.key === key));
  };
  await expect.poll(campaigns).toMatchObject([
    { visitors: 1, leads: 0 },
    { visitors: 1, leads: 1 },
  ]);
});

/** The beacons a page sends while `act` runs (and half a second after). */
async function beaconsDuring(page: Page, act: () => Promise<unknown>) {
  const beacons: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/visits')) beacons.push(request.url());
  });
  await act();
  await page.waitForTimeout(500);
  return beacons;
}

test('the admin area sends no beacon', async ({ page }) => {
  expect(await beaconsDuring(page, () => signInThroughForm(page))).toEqual([]);
});

test('no beacon with Global Privacy Control or after an opt-out', async ({ page }) => {
  const hydrated = () => page.waitForLoadState('networkidle');
  await page.addInitScript(() =>
    Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }),
  );
  expect(await beaconsDuring(page, () => page.goto('/career').then(hydrated))).toEqual([]);

  const optedOut = await page.context().browser()!.newPage();
  await optedOut.addInitScript(() => localStorage.setItem('trackingConsent', 'denied'));
  expect(
    await beaconsDuring(optedOut, () =>
      optedOut.goto('/training').then(() => optedOut.waitForLoadState('networkidle')),
    ),
  ).toEqual([]);
  await optedOut.close();
});
