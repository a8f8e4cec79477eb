import { validBodies } from '../support/lead-bodies';
import { acrossDays } from '../support/utc-days';
import { test } from './fixtures';
import { expect, ownerTakesCalls, signIn, uniqueTag } from './support/admin';
import type { PixelCall } from './support/outside-world';
import { uniqueEmail } from './support/tracking';

/*
 * The marketer's numbers on /book (decision 178): a person whose browser is in another zone than
 * the host's sees the times in their own zone, and their one visit counts once, for the pixel
 * (PageView) and for the first-party visit count alike.
 */

const ZONE = 'Europe/Berlin';
test.use({ timezoneId: ZONE });
test.beforeAll(({ browser }, { project }) => ownerTakesCalls(browser, project.use.baseURL));

test("one visit of /book in the browser's own zone counts one PageView and one visit", async ({
  page,
}) => {
  // Every pixel call of every document this tab shows (the stub's record is per document).
  const pixelCalls: PixelCall[] = [];
  await page.exposeFunction('e2ePixelCall', (call: PixelCall) => pixelCalls.push(call));
  await page.addInitScript(() => {
    const record = (window as unknown as { e2ePixelCall: (call: unknown) => void }).e2ePixelCall;
    Object.assign(window, { __pixelCalls: { push: (call: unknown) => void record(call) } });
  });
  const beacons: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/visits'))
      beacons.push(request.url());
  });
  const applied = await page.request.post('/api/candidates/submit', {
    data: validBodies.candidateApplication(uniqueEmail('book-count')),
  });
  expect(applied.status()).toBe(200);

  const source = uniqueTag('book');
  // The funnel's days are those the visit was counted in (a run may cross midnight).
  const { from, to } = await acrossDays(async () => {
    await page.goto(`/book?utm_source=${source}`);
    await expect(page.getByText(/^Times are in /)).toContainText(`(${ZONE})`);
    await expect(page.getByLabel('Your time zone')).toHaveValue(ZONE);
    const pageViews = () => pixelCalls.filter(([, name]) => name === 'PageView').length;
    await expect.poll(pageViews).toBeGreaterThan(0);
    // Whatever else might still come (a second document's pixel loads when idle, within 3 s).
    await page.waitForTimeout(4000);
    expect(pageViews()).toBe(1);
    expect(beacons).toHaveLength(1);
  });

  await signIn(page);
  const visitors = async () => {
    const response = await page.request.get(`/api/admin/funnel?from=${from}&to=${to}`);
    const { utmSources } = (await response.json()) as {
      utmSources: { key: string | null; visitors: number }[];
    };
    return utmSources.find((step) => step.key === source)?.visitors;
  };
  await expect.poll(visitors).toBe(1);
});
