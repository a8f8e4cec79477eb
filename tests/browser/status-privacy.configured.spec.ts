import { expect, test } from './fixtures';
import { gotoHydrated } from './support/site';
import { countPixelScriptRequests, trackedEvents } from './support/tracking';

/*
 * /status shows the person's details: no Meta Pixel there (issue 40), on the server with
 * META_PIXEL_ID, where every public page loads it.
 */

test('/status loads no Pixel: no request to Meta, no fbq, nothing recorded', async ({ page }) => {
  const scriptRequests = countPixelScriptRequests(page);
  const metaRequests: string[] = [];
  page.on('request', (request) => {
    if (/(^|\.)facebook\.(net|com)$/.test(new URL(request.url()).hostname))
      metaRequests.push(request.url());
  });
  // The control: a public page loads the pixel once idle.
  await gotoHydrated(page, '/');
  await expect.poll(scriptRequests, { timeout: 10_000 }).toBe(1);
  metaRequests.length = 0;

  // The person's own page, with their details (this browser sent the form).
  const response = await page.request.post('/api/candidates/basic-info', {
    data: { firstName: 'Ada', lastName: 'Lovelace', email: `pixel-${Date.now()}@example.com` },
  });
  expect(response.status()).toBe(200);
  await gotoHydrated(page, '/status');
  // The same wait that lets the pixel load on a public page (after load, when idle).
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestIdleCallback(() => setTimeout(resolve, 500), { timeout: 3000 }),
      ),
  );
  expect(metaRequests).toEqual([]);
  expect(await page.evaluate(() => typeof (window as { fbq?: unknown }).fbq)).toBe('undefined');
  expect(await trackedEvents(page)).toEqual([]);
});
