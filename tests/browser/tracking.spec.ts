import { expect, test } from './fixtures';
import { gotoHydrated } from './support/site';
import { countPixelScriptRequests, pageViewOf, trackedEvents } from './support/tracking';

/** The default server has no META_PIXEL_ID: events are recorded, nothing goes to Meta. */

test('without a pixel id events are only recorded, and home sends ViewContent 500 ms after load', async ({
  page,
}) => {
  // Time-stamps each recorded event as the site pushes it (window.__trackedEvents, start.ts).
  await page.addInitScript(() => {
    const times: number[] = [];
    Object.defineProperty(window, '__trackedTimes', { value: times });
    Object.defineProperty(window, '__trackedEvents', {
      configurable: true,
      set(events: unknown[]) {
        const push = events.push.bind(events);
        events.push = (...items: unknown[]) => {
          for (const _ of items) times.push(performance.now());
          return push(...items);
        };
        Object.defineProperty(window, '__trackedEvents', { value: events, writable: true });
      },
    });
  });
  const scriptRequests = countPixelScriptRequests(page);
  await gotoHydrated(page, '/');
  const home = ['track', 'ViewContent', { content_name: 'home' }];
  await expect.poll(() => trackedEvents(page)).toEqual([...pageViewOf('/'), home]);
  const times = await page.evaluate(
    () => (window as unknown as { __trackedTimes: number[] }).__trackedTimes,
  );
  const delay = (times[2] ?? 0) - (times[0] ?? 0);
  expect(delay).toBeGreaterThanOrEqual(490);
  expect(delay).toBeLessThan(2000);

  await page.waitForLoadState('networkidle');
  expect(scriptRequests()).toBe(0);
  expect(await page.evaluate(() => 'fbq' in window)).toBe(false);
});

test('the footer offers the CCPA opt-out in the default (notice) mode', async ({ page }) => {
  await gotoHydrated(page, '/');
  const optOut = page
    .getByRole('contentinfo')
    .getByRole('button', { name: 'Do Not Sell or Share My Personal Information' });
  await expect(optOut).toBeVisible();
  await optOut.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: /Notifications/ })).toContainText(
    'Tracking turned off',
  );
  expect(await page.evaluate(() => localStorage.getItem('trackingConsent'))).toBe('denied');
  await expect(page.getByRole('region', { name: 'Cookies and advertising' })).toHaveCount(0);
});
