import type { Browser, Page } from '@playwright/test';
import { uniqueTag } from './admin';

/**
 * Opens `url` and waits for the server's answer to its visit beacon (sent after the first paint,
 * page-boot.ts): a page closed with its context while the beacon is in flight would cancel it.
 */
export async function visitCounted(page: Page, url: string) {
  const beacon = page.waitForResponse(
    (response) => response.request().method() === 'POST' && response.url().endsWith('/api/visits'),
  );
  await page.goto(url);
  await beacon;
}

/**
 * Two visitors from ad links of one new utm_source, in two browsing sessions (attribution is
 * kept per session): /career with `campaignA` in a page of its own, /training with
 * `campaignB` in `page`. Returns the UTM values.
 */
export async function visitLandingPagesFromAds(browser: Browser, page: Page) {
  const source = uniqueTag('src');
  const campaignA = uniqueTag('a');
  const campaignB = uniqueTag('b');
  const other = await browser.newPage();
  await visitCounted(other, `/career?utm_source=${source}&utm_campaign=${campaignA}`);
  await other.close();
  await visitCounted(page, `/training?utm_source=${source}&utm_campaign=${campaignB}`);
  return { source, campaignA, campaignB };
}
