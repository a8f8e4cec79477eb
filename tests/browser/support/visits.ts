import type { Browser, Page } from '@playwright/test';
import { uniqueTag } from './admin';

/** Opens `url` and waits for its visit beacon (sent after the first paint, page-boot.ts). */
export async function visitCounted(page: Page, url: string) {
  const beacon = page.waitForRequest(
    (request) => request.method() === 'POST' && request.url().endsWith('/api/visits'),
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
