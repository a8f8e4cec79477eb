import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { stubPixel, type PixelCall } from './support/outside-world';
import { axeViolations, gotoHydrated } from './support/site';
import { countPixelScriptRequests, INIT, pageViewOf, trackedEvents } from './support/tracking';

/**
 * CONSENT_MODE=opt-in (the third server in playwright.config.ts, with a pixel id): nothing
 * reaches Meta until the visitor accepts in the consent banner, and the choice is kept.
 */

let pixelCalls: () => Promise<PixelCall[]>;
let scriptRequests: () => number;
test.beforeEach(async ({ page }) => {
  pixelCalls = await stubPixel(page);
  scriptRequests = countPixelScriptRequests(page);
});

const banner = (page: Page) => page.getByRole('region', { name: 'Cookies and advertising' });
const footerSettings = (page: Page) =>
  page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' });

test('the banner asks first, moves nothing, takes no focus, and nothing is sent meanwhile', async ({
  page,
}) => {
  await page.goto('/candidates');
  const heading = page.getByRole('heading', { level: 1 });
  const before = await heading.boundingBox();
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  await expect(banner(page)).toBeVisible();
  await expect(banner(page).getByRole('button', { name: 'Accept' })).toBeVisible();
  await expect(banner(page).getByRole('button', { name: 'Decline' })).toBeVisible();
  expect(await heading.boundingBox(), 'page content did not move').toEqual(before);
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
  expect(await axeViolations(page)).toEqual([]);

  // Recorded, but neither Meta's script nor any call before a yes.
  await page.waitForLoadState('networkidle');
  expect(await trackedEvents(page)).toEqual(pageViewOf('/candidates'));
  expect(scriptRequests()).toBe(0);
  expect(await page.evaluate(() => 'fbq' in window)).toBe(false);

  // The keyboard reaches it right after the skip link.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(banner(page).getByRole('link', { name: 'Privacy Policy' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(banner(page).getByRole('button', { name: 'Decline' })).toBeFocused();
});

test('Accept starts the pixel with the current page view, and is remembered', async ({ page }) => {
  await gotoHydrated(page, '/companies');
  await banner(page).getByRole('button', { name: 'Accept' }).click();
  await expect(banner(page)).toHaveCount(0);
  await expect.poll(pixelCalls).toEqual([INIT, ...pageViewOf('/companies')]);
  expect(await page.evaluate(() => localStorage.getItem('trackingConsent'))).toBe('granted');

  await gotoHydrated(page, '/');
  await expect
    .poll(pixelCalls)
    .toEqual([INIT, ...pageViewOf('/'), ['track', 'ViewContent', { content_name: 'home' }]]);
  await expect(banner(page)).toHaveCount(0);
});

test('Decline sends nothing, now or after a reload, and the banner stays closed', async ({
  page,
}) => {
  await gotoHydrated(page, '/training');
  await banner(page).getByRole('button', { name: 'Decline' }).click();
  await expect(banner(page)).toHaveCount(0);
  await page.reload();
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  await page.waitForLoadState('networkidle');
  await expect(banner(page)).toHaveCount(0);
  expect(scriptRequests()).toBe(0);
  expect(await pixelCalls()).toEqual([]);
  expect(await trackedEvents(page)).toContainEqual([
    'track',
    'ViewContent',
    { content_name: 'candidates_landing_b', variant: 'high_salary' },
  ]);
});

test('"Cookie settings" in the footer reopens the banner; declining later revokes', async ({
  page,
}) => {
  await gotoHydrated(page, '/about');
  await banner(page).getByRole('button', { name: 'Accept' }).click();
  await expect.poll(pixelCalls).toEqual([INIT, ...pageViewOf('/about')]);

  await footerSettings(page).click();
  await expect(banner(page)).toBeFocused();
  // A visitor who already chose may close it without a change.
  await page.keyboard.press('Escape');
  await expect(banner(page)).toHaveCount(0);
  await expect(footerSettings(page)).toBeFocused();

  await footerSettings(page).click();
  await banner(page).getByRole('button', { name: 'Decline' }).click();
  await expect(footerSettings(page)).toBeFocused();
  await page.getByRole('link', { name: 'For Candidates' }).first().click();
  await expect(page).toHaveURL(/\/candidates$/);
  await expect.poll(pixelCalls).toEqual([INIT, ...pageViewOf('/about'), ['consent', 'revoke']]);
  // Recorded once /candidates is on screen (its code may still be loading).
  await expect
    .poll(async () => (await trackedEvents(page)).slice(-2))
    .toEqual(pageViewOf('/candidates'));
});

test('the footer shows "Cookie settings" instead of the CCPA link', async ({ page }) => {
  await gotoHydrated(page, '/privacy');
  await expect(footerSettings(page)).toBeVisible();
  await expect(
    page.getByRole('button', { name: 'Do Not Sell or Share My Personal Information' }),
  ).toHaveCount(0);
});
