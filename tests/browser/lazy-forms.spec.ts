import type { Page, Route } from '@playwright/test';
import { expect, test } from './fixtures';
import { axeViolations, gotoHydrated } from './support/site';

/**
 * Lead forms load their code after the page has hydrated, once it is idle or at first use
 * (src/client/components/forms/lazy-form.tsx). A visitor who types and submits while that code
 * is still on its way must lose nothing.
 */
test('text typed and a submit made before the form code arrives are kept and sent', async ({
  page,
}) => {
  const held: Route[] = [];
  let formCodeRequested = false;
  await page.route(/\/assets\/basic-info-form-[\w-]+\.js$/, (route) => {
    formCodeRequested = true;
    held.push(route);
  });

  await gotoHydrated(page, '/candidates');
  await page.getByLabel('First name').fill('Ada');
  // Hydrated page, form still server HTML: its code is on its way.
  await expect.poll(() => formCodeRequested).toBe(true);
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Email').fill('ada.lazy@example.com');
  const request = page.waitForRequest(
    (r) => r.url().endsWith('/api/candidates/basic-info') && r.method() === 'POST',
  );
  await page.getByRole('button', { name: 'Continue to Application' }).click();
  await expect(page).toHaveURL(/\/candidates$/); // no native submission happened

  for (const route of held) await route.continue();
  expect((await request).postDataJSON()).toMatchObject({
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada.lazy@example.com',
    phone: '',
  });
  await expect(page).toHaveURL(/\/typeform$/);
});

test('a form is live before its first use: its code loads once the hydrated page is idle', async ({
  page,
}) => {
  const formCode: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/questionnaire-form-[\w-]+\.js$/.test(request.url()))
      formCode.push(request.url());
  });

  await gotoHydrated(page, '/questionnaire');
  // Nobody has touched the page: the code comes all the same, so a first tap finds the form live.
  await expect.poll(() => formCode.length).toBe(1);
  await page.getByLabel('Where do you live?').fill('Columbus, OH');
  await expect(page.getByLabel('Where do you live?')).toHaveValue('Columbus, OH');
  expect(formCode).toHaveLength(1);
});

test('a submit made while the page is still hydrating is held, then sent as the JS flow sends it', async ({
  page,
}) => {
  // The page's own chunk is held: the script runs (its submit guard is in place), the page
  // cannot hydrate yet (docs/decisions/090: before, such a submit was lost).
  const held: Route[] = [];
  await page.route(/\/assets\/candidates-page-[\w-]+\.js$/, (route) => void held.push(route));
  await page.goto('/candidates');
  await expect.poll(() => held.length).toBeGreaterThan(0);

  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Email').fill('ada.hydrating@example.com');
  const request = page.waitForRequest(
    (r) => r.url().endsWith('/api/candidates/basic-info') && r.method() === 'POST',
  );
  await page.getByRole('button', { name: 'Continue to Application' }).click();
  await expect(page).toHaveURL(/\/candidates$/); // not posted by the browser itself

  for (const route of held) await route.continue();
  const sent = await request;
  expect(sent.headers()['content-type']).toBe('application/json');
  expect(sent.postDataJSON()).toMatchObject({ email: 'ada.hydrating@example.com', phone: '' });
  await expect(page).toHaveURL(/\/typeform$/);
});

test('an earlier form posted without JavaScript prefills the next page, then session storage holds it', async ({
  page,
  context,
}) => {
  // The browser posted /career's form itself (say, before its script arrived): the lead is
  // stored and the e-mail travels to /apply in the short-lived prefill cookie (decision 090).
  const email = `prefill-${Date.now().toString(36)}@example.com`;
  const posted = await page.request.post('/api/candidates/email', {
    form: { email, page: '/career' },
    headers: { accept: 'text/html', 'sec-fetch-mode': 'navigate' },
    maxRedirects: 0,
  });
  expect(posted.status()).toBe(303);
  expect(posted.headers().location).toBe('/apply');

  await gotoHydrated(page, '/apply');
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
  await expect(page.getByLabel('Email', { exact: true })).toHaveJSProperty('readOnly', true);
  // Moved into session storage under the spec's key, and the cookie deleted.
  expect(await page.evaluate(() => window.sessionStorage.getItem('candidateEmail'))).toBe(email);
  expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('tb_prefill');

  await gotoHydrated(page, '/apply'); // the pre-rendered page now, filled from session storage
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
});

test('a form loading its code fetches no stylesheet: the page has it inlined already', async ({
  page,
}) => {
  const stylesheets: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'stylesheet' || request.url().endsWith('.css'))
      stylesheets.push(request.url());
  });
  const formCode = page.waitForResponse(/\/assets\/basic-info-form-[\w-]+\.js$/);
  await gotoHydrated(page, '/candidates');
  await page.getByLabel('First name').fill('Ada');
  await formCode;
  await expect(page.getByLabel('First name')).toHaveValue('Ada');
  expect(stylesheets).toEqual([]);
});

/** The main menu's For Candidates opens /candidates, shown and hydrated (`step` names the try). */
async function opensCandidatesFromMenu(page: Page, step?: string) {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'For Candidates' })
    .click();
  await expect(page.getByRole('heading', { level: 1 }), step).toHaveText(
    'Launch Your Tech Career in Weeks, Not Years',
  );
  await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
}

test('a page whose code is gone (a deploy replaced the build) loads afresh, once, not blank', async ({
  page,
  consoleGuard,
}) => {
  // The old build's file answers 404 once: the browser logs the failed request.
  consoleGuard.allow(/Failed to load resource: the server responded with a status of 404/);
  let refused = 0;
  await page.route(/\/assets\/candidates-page-[\w-]+\.js$/, (route) =>
    refused++ === 0 ? route.fulfill({ status: 404, body: '' }) : route.continue(),
  );
  await gotoHydrated(page, '/');
  const loads: string[] = [];
  page.on('load', () => loads.push(page.url()));
  await opensCandidatesFromMenu(page);
  expect(loads.map((url) => new URL(url).pathname)).toEqual(['/candidates']);
  expect(refused).toBe(2);
});

test('a later deploy in the same tab loads the page afresh again: only a loop is stopped', async ({
  page,
  consoleGuard,
}) => {
  consoleGuard.allow(/Failed to load resource: the server responded with a status of 404/);
  await page.clock.install();
  // Each deploy: the tab's old build's file answers 404, the reloaded page's arrives.
  let requested = 0;
  await page.route(/\/assets\/candidates-page-[\w-]+\.js$/, (route) =>
    requested++ % 2 === 0 ? route.fulfill({ status: 404, body: '' }) : route.continue(),
  );
  const loads: string[] = [];
  page.on('load', () => loads.push(new URL(page.url()).pathname));
  for (const deploy of ['first', 'next, two minutes later']) {
    await gotoHydrated(page, '/');
    await opensCandidatesFromMenu(page, deploy);
    await page.clock.fastForward('02:00');
  }
  expect(loads).toEqual(['/', '/candidates', '/', '/candidates']);
  expect(requested).toBe(4);
});

test('a page whose code fails again after its reload says so, with a way back, not a blank screen', async ({
  page,
  consoleGuard,
}) => {
  consoleGuard.allow(/Failed to load resource: the server responded with a status of 404/);
  consoleGuard.allow(
    /Failed to fetch dynamically imported module|error occurred in the <Suspending>/,
  );
  await page.route(/\/assets\/candidates-page-[\w-]+\.js$/, (route) =>
    route.fulfill({ status: 404, body: '' }),
  );
  const forCandidates = page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'For Candidates' });
  await gotoHydrated(page, '/');
  // Its reload fails too: the server's page stays, without its code, and no loop follows.
  const reloaded = page.waitForEvent('load');
  await forCandidates.click();
  await reloaded;
  await expect(page).toHaveURL(/\/candidates$/);
  // Back home and there again a moment later: the failure shows.
  await gotoHydrated(page, '/');
  await forCandidates.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page could not load');
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Try Again' })).toHaveAttribute(
    'href',
    '/candidates',
  );
  expect(await axeViolations(page)).toEqual([]);
  // Another page is not held by the failed one.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
});
