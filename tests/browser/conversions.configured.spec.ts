import { createHash } from 'node:crypto';
import type { Page } from '@playwright/test';
import { BOOKING_NOTICES } from '../../src/shared/booking-view';
import { validBodies } from '../support/lead-bodies';
import { expect, test } from './fixtures';
import { searchHeader } from '../support/search';
import { CONFIGURED, stubPixel, type PixelCall } from './support/outside-world';
import { ownerTakesCalls, signIn } from './support/admin';
import { formSubmit } from './support/lead-forms';
import { gotoHydrated, site } from './support/site';
import { trackedEvents, uniqueEmail } from './support/tracking';
import { startGraphReceiver, type GraphReceiver } from '../support/graph-receiver';

/*
 * Meta's Conversions API beside the pixel (decision 110), on the configured server: its
 * META_GRAPH_URL is this local stand-in for the Graph API. The pixel's Lead and the server's
 * Lead of one submission carry the same id, so Meta keeps one copy.
 */

// One Graph API stand-in on one port: this file's tests run in one worker, in turn.
test.describe.configure({ mode: 'default' });

let graph: GraphReceiver;
test.beforeAll(async ({ browser }, { project }) => {
  graph = await startGraphReceiver(CONFIGURED.graphPort);
  await ownerTakesCalls(browser, project.use.baseURL);
});
test.afterAll(async () => {
  await graph?.close();
});

const hashOf = (email: string) => createHash('sha256').update(email.toLowerCase()).digest('hex');

/** The Graph API's events of the lead of `email` named `name`. */
const graphEvents = (email: string, name: string) =>
  graph.received
    .flatMap((request) => request.body.data)
    .filter(
      (event) =>
        event.event_name === name &&
        (event.user_data as { em?: string[] }).em?.[0] === hashOf(email),
    );

const isSchedule = ([, name]: PixelCall) => name === 'Schedule';

/** Applies (its form proof goes to this browser), then books the first time /book offers. */
async function applyAndBook(page: Page, email: string) {
  const applied = await page.request.post('/api/candidates/submit', {
    data: validBodies.candidateApplication(email),
  });
  expect(applied.status()).toBe(200);
  await gotoHydrated(page, '/book');
  await page.locator('input[name="start"]').first().check();
  await page.getByRole('button', { name: 'Book This Time' }).click();
  await expect(page.getByRole('status')).toHaveText(BOOKING_NOTICES.booked);
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
}

const FBCLID = 'IwAR2F4-dbP0l7Mn1IawQQGCINEz7PYXQvwjNwB_qa2ofrHyiLjcbCRxTDMgE';
const FBP = 'fb.1.1700000000000.1234567890';

test("the pixel's eventID and the server's event_id of a lead are the same", async ({
  page,
  baseURL,
}) => {
  const pixelCalls = await stubPixel(page);
  // Meta's script would set _fbp; the stub does not, so the browser starts with one.
  await page.context().addCookies([{ name: '_fbp', value: FBP, url: baseURL! }]);
  await gotoHydrated(page, `/career?utm_source=facebook&fbclid=${FBCLID}`);
  const email = uniqueEmail('capi');
  await page.getByLabel('Email').fill(email);
  await formSubmit(page, 'Get Started').click();
  await expect(page).toHaveURL(/\/apply$/);

  const isLead = ([, name]: PixelCall) => name === 'Lead';
  await expect.poll(async () => (await pixelCalls()).some(isLead)).toBe(true);
  const lead = (await pixelCalls()).find(isLead)!;
  const eventID = (lead[3] as { eventID?: string } | undefined)?.eventID;
  expect(eventID).toMatch(/^[0-9a-f-]{36}$/);

  const emailHash = hashOf(email);
  await expect
    .poll(
      () =>
        graph.received
          .flatMap((request) => request.body.data)
          .filter((event) => (event.user_data as { em?: string[] }).em?.[0] === emailHash),
      { timeout: 15_000 },
    )
    .toEqual([
      expect.objectContaining({
        event_name: 'Lead',
        event_id: eventID,
        action_source: 'website',
        event_source_url: `${site.siteUrl.replace(/\/+$/, '')}/career`,
        user_data: expect.objectContaining({
          fbp: FBP,
          fbc: expect.stringMatching(new RegExp(`^fb\\.1\\.\\d{13}\\.${FBCLID}$`)),
          client_user_agent: await page.evaluate(() => navigator.userAgent),
        }),
      }),
    ]);
  expect(new Set(graph.received.map((request) => request.path))).toEqual(
    new Set([`/v24.0/${CONFIGURED.pixelId}/events`]),
  );

  // The admin sees it in the lead's detail.
  await signIn(page);
  const found = await page.request.get('/api/candidate-submissions', {
    headers: searchHeader(email),
  });
  const [row] = (await found.json()) as { id: number }[];
  await page.goto(`/admin?candidate=${row!.id}`);
  const sentToMeta = page.getByRole('dialog').getByRole('region', { name: 'Sent to Meta' });
  await expect(sentToMeta).toContainText(/Lead · Sent/);
});

test("a booking's Schedule: the pixel's eventID is the server's event_id; neither without consent", async ({
  page,
  browser,
  baseURL,
}) => {
  // Opted out ("Do Not Sell or Share"): recorded in the page, sent neither by pixel nor server.
  const optedOut = await browser.newContext({ baseURL });
  await optedOut.addInitScript(() => localStorage.setItem('trackingConsent', 'denied'));
  const outPage = await optedOut.newPage();
  const outPixel = await stubPixel(outPage);
  const outEmail = uniqueEmail('schedule-denied');
  await applyAndBook(outPage, outEmail);
  await expect.poll(async () => (await trackedEvents(outPage)).some(isSchedule)).toBe(true);
  expect(await outPixel()).toEqual([]);
  await optedOut.close();

  // Consent (notice mode, no opt-out): both, under one id.
  const pixelCalls = await stubPixel(page);
  const email = uniqueEmail('schedule');
  await applyAndBook(page, email);
  await expect.poll(async () => (await pixelCalls()).some(isSchedule)).toBe(true);
  const schedule = (await pixelCalls()).filter(isSchedule);
  expect(schedule).toEqual([
    ['track', 'Schedule', { content_name: 'screening_call' }, { eventID: expect.any(String) }],
  ]);
  const eventID = (schedule[0]![3] as { eventID: string }).eventID;
  expect(eventID).toMatch(/^[0-9a-f-]{36}$/);
  await expect
    .poll(() => graphEvents(email, 'Schedule'), { timeout: 30_000 })
    .toEqual([
      expect.objectContaining({
        event_id: eventID,
        action_source: 'website',
        event_source_url: `${site.siteUrl.replace(/\/+$/, '')}/book`,
      }),
    ]);
  // The opted-out booking came first: the outbox would have sent its event before this one.
  expect(graphEvents(outEmail, 'Schedule')).toEqual([]);

  // Cancelled and booked again: not a second conversion, by pixel or by server.
  await page.getByText('Cancel My Call', { exact: true }).click();
  await page.getByRole('button', { name: 'Yes, Cancel My Call' }).click();
  await expect(page.getByRole('status')).toHaveText(BOOKING_NOTICES.cancelled);
  await page.locator('input[name="start"]').first().check();
  await page.getByRole('button', { name: 'Book This Time' }).click();
  await expect(page.getByRole('status')).toHaveText(BOOKING_NOTICES.booked);
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  const isPageView = ([, name]: PixelCall) => name === 'PageView';
  await expect.poll(async () => (await trackedEvents(page)).some(isPageView)).toBe(true);
  expect((await trackedEvents(page)).filter(isSchedule)).toEqual([]);
  expect((await pixelCalls()).filter(isSchedule)).toEqual([]);
  expect(graphEvents(email, 'Schedule')).toHaveLength(1);
});

test('"Do Not Sell or Share" after a form: the server sends Meta nothing more of that lead', async ({
  page,
}) => {
  await stubPixel(page);
  await gotoHydrated(page, '/career');
  const email = uniqueEmail('capi-opt-out');
  await page.getByLabel('Email').fill(email);
  await formSubmit(page, 'Get Started').click();
  await expect(page).toHaveURL(/\/apply$/);
  await expect.poll(() => graphEvents(email, 'Lead').length, { timeout: 15_000 }).toBe(1);

  // The person changes their mind, in the same browser, after the form.
  const optOut = page
    .getByRole('contentinfo')
    .getByRole('button', { name: 'Do Not Sell or Share My Personal Information' });
  const told = page.waitForResponse((response) => response.url().endsWith('/api/status/opt-out'));
  await optOut.focus();
  await page.keyboard.press('Enter');
  expect((await told).status()).toBe(204);

  // The team moves them on: Meta hears nothing of it, and the lead's detail says why.
  await signIn(page);
  const found = await page.request.get('/api/candidate-submissions', {
    headers: searchHeader(email),
  });
  const [row] = (await found.json()) as { id: number }[];
  const moved = await page.request.patch(`/api/candidate-submissions/${row!.id}`, {
    data: { status: 'qualified' },
  });
  expect(moved.status()).toBe(200);
  await page.goto(`/admin?candidate=${row!.id}`);
  const detail = page.getByRole('dialog');
  await expect(detail).toContainText(
    'Opted out of sale and sharing: no more events to Meta by the person',
  );
  const sentToMeta = detail.getByRole('region', { name: 'Sent to Meta' });
  await expect(sentToMeta).toContainText(/Lead · Sent/);
  await expect(sentToMeta).not.toContainText(/qualified/i);
  expect(graphEvents(email, 'qualified')).toEqual([]);
});
