import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { CONFIGURED, stubPixel, type PixelCall } from './support/outside-world';
import { signIn } from './support/admin';
import { expectToast, FAILED_REQUEST_LOG, formSubmit } from './support/lead-forms';
import { expectClientSideNavigation, gotoHydrated } from './support/site';
import {
  countPixelScriptRequests,
  INIT,
  PIXEL_SCRIPT,
  pageViewOf,
  trackedEvents,
  uniqueEmail,
} from './support/tracking';

/**
 * The exact calls Meta's pixel receives (spec sections 2 and 7), on the server with
 * META_PIXEL_ID and the default consent mode (notice). Meta's script is the stub of
 * support/outside-world.ts, which records every fbq call in order.
 */

let pixelCalls: () => Promise<PixelCall[]>;
/** Each Lead carries its submission's event id, the one the server sends Meta (decision 110). */
const eventId = { eventID: expect.stringMatching(/^[0-9a-f-]{36}$/) };
test.beforeEach(async ({ page }) => {
  pixelCalls = await stubPixel(page);
});

/** Waits until the pixel received exactly `expected` (nothing more, nothing twice). */
async function expectPixelCalls(page: Page, expected: PixelCall[]) {
  await expect.poll(pixelCalls, { timeout: 10_000 }).toEqual(expected);
}

const landingBView: PixelCall = [
  'track',
  'ViewContent',
  { content_name: 'candidates_landing_b', variant: 'high_salary' },
];

const emailLandings: ReadonlyArray<{
  path: string;
  letter: string;
  variant: string;
  submit: string;
  onLoad: PixelCall[];
}> = [
  { path: '/career', letter: 'a', variant: 'free_training', submit: 'Get Started', onLoad: [] },
  {
    path: '/training',
    letter: 'b',
    variant: 'high_salary',
    submit: 'Reserve Your Spot Now',
    onLoad: [landingBView],
  },
];

test('home: init, PageView and content view, then ViewContent 500 ms after load', async ({
  page,
}) => {
  const scriptRequests = countPixelScriptRequests(page);
  const scriptLoaded = page.waitForRequest(PIXEL_SCRIPT);
  await gotoHydrated(page, '/');
  await scriptLoaded;
  await expectPixelCalls(page, [
    INIT,
    ...pageViewOf('/'),
    ['track', 'ViewContent', { content_name: 'home' }],
  ]);
  expect(scriptRequests(), 'Meta script fetched once').toBe(1);
});

test('/candidates: page view, then Lead on a successful submit, then /typeform', async ({
  page,
}) => {
  await gotoHydrated(page, '/candidates');
  await expectPixelCalls(page, [INIT, ...pageViewOf('/candidates')]);
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Email').fill(uniqueEmail('pixel-ada'));
  await page.getByRole('button', { name: 'Continue to Application' }).click();
  await expect(page).toHaveURL(/\/typeform$/);
  await expectPixelCalls(page, [
    INIT,
    ...pageViewOf('/candidates'),
    [
      'track',
      'Lead',
      { content_name: 'candidate_basic_info', content_category: 'candidate' },
      eventId,
    ],
    ...pageViewOf('/typeform'),
  ]);
});

test('/typeform loads the pixel once: the built-in questionnaire in its frame does not', async ({
  page,
}) => {
  const scriptRequests = countPixelScriptRequests(page);
  await page.goto('/questionnaire'); // opened on its own, it is a page like any other
  await expect.poll(scriptRequests).toBe(1);
  await gotoHydrated(page, '/typeform');
  await expect.poll(scriptRequests).toBe(2);
  // This server embeds an external form; show the built-in one in the frame instead.
  await page
    .locator('iframe[title="Application questionnaire"]')
    .evaluate((frame: HTMLIFrameElement) => {
      frame.src = '/questionnaire?fillout-embed-id=application';
    });
  const frame = page.frameLocator('iframe[title="Application questionnaire"]');
  await frame.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  await frame
    .locator('body')
    .evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 3000 })));
  await expectPixelCalls(page, [INIT, ...pageViewOf('/typeform')]);
  expect(scriptRequests(), 'one Meta script for /typeform, none for its frame').toBe(2);
});

test('/companies then /hiring: a Lead for each successful company form', async ({ page }) => {
  await gotoHydrated(page, '/companies');
  await page.getByLabel('Work email').fill(uniqueEmail('pixel-ops'));
  await page.getByLabel('Company name').fill('Northwind Compute');
  await page.getByRole('button', { name: 'Get Talent Info' }).click();
  await expect(page).toHaveURL(/\/hiring$/);
  await page.getByLabel('Your name').fill('Grace Hopper');
  await page.getByLabel('Job title').fill('Head of Operations');
  await page.getByLabel('Company size').selectOption('midsize');
  await page.getByLabel('Hiring timeline').selectOption('soon');
  await page.getByLabel('Talent needs').fill('Ten technicians for two sites.');
  await page.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page.getByText('Request Received!').first()).toBeVisible();
  await expectPixelCalls(page, [
    INIT,
    ...pageViewOf('/companies'),
    [
      'track',
      'Lead',
      { content_name: 'company_talent_info', content_category: 'company' },
      eventId,
    ],
    ...pageViewOf('/hiring'),
    ['track', 'Lead', { content_name: 'company_request', content_category: 'company' }, eventId],
  ]);
});

for (const landing of emailLandings) {
  test(`${landing.path}: e-mail capture sends the form-submission tracker and its Lead, then /apply's Lead`, async ({
    page,
  }) => {
    await gotoHydrated(page, landing.path);
    await expectPixelCalls(page, [INIT, ...pageViewOf(landing.path), ...landing.onLoad]);
    await page.getByLabel('Email').fill(uniqueEmail(`pixel-${landing.letter}`));
    await formSubmit(page, landing.submit).click();
    await expect(page).toHaveURL(/\/apply$/);
    await page.getByLabel('First name').fill('Katherine');
    await page.getByLabel('Last name').fill('Johnson');
    await page.getByLabel('Location').fill('Austin, TX');
    await page.getByLabel('Education level').selectOption('some-college');
    await page.getByLabel('Tech experience').selectOption('basic');
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await expect(page).toHaveURL(/\/thank-you$/);
    await expectPixelCalls(page, [
      INIT,
      ...pageViewOf(landing.path),
      ...landing.onLoad,
      [
        'trackCustom',
        'FormSubmission',
        { form_name: `candidate_landing_${landing.letter}`, form_type: 'email_submission' },
      ],
      [
        'track',
        'Lead',
        {
          content_name: `candidate_email_landing_${landing.letter}`,
          content_category: 'email_capture',
          landing_page: landing.variant,
        },
        eventId,
      ],
      ...pageViewOf('/apply'),
      [
        'track',
        'Lead',
        { content_name: 'candidate_application', content_category: 'candidate' },
        eventId,
      ],
      ...pageViewOf('/thank-you'),
    ]);
  });
}

test('a failed e-mail capture sends no Lead; the retry that succeeds sends one', async ({
  page,
  consoleGuard,
}) => {
  consoleGuard.allow(FAILED_REQUEST_LOG);
  await gotoHydrated(page, '/career');
  let failNext = true;
  await page.route('**/api/candidates/email', (route) => {
    if (!failNext) return route.continue();
    failNext = false;
    return route.fulfill({ status: 500, body: '{}' });
  });
  await page.getByLabel('Email').fill(uniqueEmail('pixel-retry'));
  await formSubmit(page, 'Get Started').click();
  await expectToast(
    page,
    'Submission Error',
    'There was a problem submitting your email. Please try again.',
  );
  await expectPixelCalls(page, [INIT, ...pageViewOf('/career')]);
  await formSubmit(page, 'Get Started').click();
  await expect(page).toHaveURL(/\/apply$/);
  const leads = (await pixelCalls()).filter(([, name]) => name === 'Lead');
  expect(leads).toHaveLength(1);
});

test('a submit held while the form code loads is replayed once: one tracker, one Lead', async ({
  page,
}) => {
  const held: Array<() => Promise<void>> = [];
  await page.route(/\/assets\/email-lead-form-[\w-]+\.js$/, (route) => {
    held.push(() => route.continue());
  });
  await gotoHydrated(page, '/training');
  await page.getByLabel('Email').fill(uniqueEmail('pixel-held'));
  await expect.poll(() => held.length).toBe(1);
  await formSubmit(page, 'Reserve Your Spot Now').click();
  for (const release of held) await release();
  await expect(page).toHaveURL(/\/apply$/);
  await expect
    .poll(async () =>
      (await pixelCalls()).map(([method, name]) =>
        method === 'track' || method === 'trackCustom' ? name : method,
      ),
    )
    .toEqual([
      'init',
      'PageView',
      'ViewContent',
      'ViewContent',
      'FormSubmission',
      'Lead',
      'PageView',
      'ViewContent',
    ]);
});

test('a client-side navigation sends one PageView and one content view, nothing twice', async ({
  page,
}) => {
  await gotoHydrated(page, '/');
  await expectPixelCalls(page, [
    INIT,
    ...pageViewOf('/'),
    ['track', 'ViewContent', { content_name: 'home' }],
  ]);
  await expectClientSideNavigation(page, () =>
    page.getByRole('link', { name: 'Hire Trained Technicians' }).click(),
  );
  await expect(page).toHaveURL(/\/companies$/);
  // A page view is sent once the page is on screen: a page left while its code still loaded
  // was never seen, and counts no view.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Fuel Your Data Center Operations with Job-Ready Talent',
  );
  // An in-page jump is not a new page view.
  await page.evaluate(() => window.history.pushState(null, '', '/companies#top'));
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  // A page view is sent once the page is on screen (its code may still be loading).
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/companies/);
  await expectPixelCalls(page, [
    INIT,
    ...pageViewOf('/'),
    ['track', 'ViewContent', { content_name: 'home' }],
    ...pageViewOf('/companies'),
    ...pageViewOf('/privacy'),
    ...pageViewOf('/companies'),
  ]);
});

test('"Do Not Sell or Share My Personal Information" stops the pixel, says so, and is remembered', async ({
  page,
}) => {
  await gotoHydrated(page, '/candidates');
  await expectPixelCalls(page, [INIT, ...pageViewOf('/candidates')]);
  await page
    .getByRole('contentinfo')
    .getByRole('button', { name: 'Do Not Sell or Share My Personal Information' })
    .click();
  await expectToast(
    page,
    'Tracking turned off',
    'This browser no longer shares your visits with Meta for advertising. We saved your choice.',
  );
  await page.getByRole('link', { name: 'For Companies' }).first().click();
  await expect(page).toHaveURL(/\/companies$/);
  await expectPixelCalls(page, [INIT, ...pageViewOf('/candidates'), ['consent', 'revoke']]);
  // Still recorded locally, only not sent.
  await expect
    .poll(async () => (await trackedEvents(page)).slice(-2))
    .toEqual(pageViewOf('/companies'));

  const scriptRequests = countPixelScriptRequests(page);
  await gotoHydrated(page, '/');
  await expect
    .poll(() => trackedEvents(page))
    .toContainEqual(['track', 'ViewContent', { content_name: 'home' }]);
  expect(scriptRequests(), 'no Meta script after opting out').toBe(0);
  expect(await page.evaluate(() => 'fbq' in window)).toBe(false);
});

test('a browser sending Global Privacy Control never loads or calls the pixel', async ({
  page,
}) => {
  await page.addInitScript(() =>
    Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }),
  );
  const scriptRequests = countPixelScriptRequests(page);
  await gotoHydrated(page, '/');
  await expect
    .poll(() => trackedEvents(page))
    .toEqual([...pageViewOf('/'), ['track', 'ViewContent', { content_name: 'home' }]]);
  await page.waitForLoadState('networkidle');
  expect(scriptRequests()).toBe(0);
  expect(await page.evaluate(() => 'fbq' in window)).toBe(false);
  expect(await pixelCalls()).toEqual([]);
  expect(CONFIGURED.pixelId).toBeTruthy();
});

test('/admin runs no tracking: no request to Meta, no fbq, nothing recorded, even signed in', async ({
  page,
}) => {
  const metaRequests: string[] = [];
  page.on('request', (request) => {
    if (/(^|\.)facebook\.(net|com)$/.test(new URL(request.url()).hostname))
      metaRequests.push(request.url());
  });
  // The same wait that lets the pixel load on a public page (after load, when idle).
  const pastIdle = () =>
    page.evaluate(
      () =>
        new Promise<void>((resolve) =>
          requestIdleCallback(() => setTimeout(resolve, 500), { timeout: 3000 }),
        ),
    );
  await gotoHydrated(page, '/admin');
  await pastIdle();
  await signIn(page);
  await pastIdle();
  expect(metaRequests).toEqual([]);
  expect(await page.evaluate(() => typeof (window as { fbq?: unknown }).fbq)).toBe('undefined');
  expect(await trackedEvents(page)).toEqual([]);
  expect(await pixelCalls()).toEqual([]);
});
