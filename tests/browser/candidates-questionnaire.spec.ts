import type { Page, Request } from '@playwright/test';
import { expect, test } from './fixtures';
import { besideSpec } from './support/payload';
import { toastItem as toast } from './support/lead-forms';

/** The questionnaire flow: /typeform, the built-in /questionnaire inside it, then /thank-you. */

const questionnaire = (page: Page) =>
  page.frameLocator('iframe[title="Application questionnaire"]');
const sessionValue = (page: Page, key: string) =>
  page.evaluate((name) => window.sessionStorage.getItem(name), key);
const isPost = (path: string) => (request: Request) =>
  request.method() === 'POST' && new URL(request.url()).pathname === path;
const uniqueEmail = (label: string) =>
  `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

async function seedSession(page: Page, values: Record<string, string>) {
  await page.addInitScript((entries) => {
    for (const [key, value] of Object.entries(entries)) window.sessionStorage.setItem(key, value);
  }, values);
}

/**
 * Opens a page with a form and waits for the page to hydrate, so typing starts once the app
 * listens.
 */
async function gotoForm(page: Page, path: string) {
  await page.goto(path);
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
}

/**
 * Opens /typeform once both the page and the questionnaire inside it have hydrated, so the
 * page listens for the embed's messages.
 */
async function gotoTypeform(page: Page) {
  await page.goto('/typeform');
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  await questionnaire(page).locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
}

/** Posts a submit message from inside the iframe, as an external Fillout form would. */
async function postFromEmbed(page: Page, data: unknown) {
  const frame = page.frame({ url: /\/questionnaire/ });
  if (!frame) throw new Error('questionnaire frame not found');
  await frame.evaluate((message) => window.parent.postMessage(message, '*'), data);
}

/** Counts the completion calls the page makes. */
function countCompletionCalls(page: Page) {
  const calls: Request[] = [];
  page.on('request', (request) => {
    if (isPost('/api/candidates/typeform-completed')(request)) calls.push(request);
  });
  return calls;
}

test('the whole flow: /candidates, the built-in questionnaire, /thank-you', async ({ page }) => {
  const email = uniqueEmail('flow');
  await gotoForm(page, '/candidates');
  await page.getByLabel('First name').fill('Dorothy');
  await page.getByLabel('Last name').fill('Vaughan');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue to Application' }).click();
  await expect(page).toHaveURL(/\/typeform$/);

  const frame = questionnaire(page);
  await expect(frame.getByRole('heading', { level: 1 })).toHaveText('A few questions about you');
  await frame.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  await expect(frame.getByLabel('Email')).toHaveValue(email);
  await expect(frame.getByLabel('Email')).toHaveAttribute('readonly', '');
  await frame
    .getByRole('group', { name: 'When could you start the training?' })
    .getByLabel('Within a month')
    .check();
  await frame
    .getByRole('group', { name: /Can you train full time/ })
    .getByLabel('Yes')
    .check();
  await frame
    .getByRole('group', { name: 'Would you relocate for the right job?' })
    .getByLabel('It depends on the offer')
    .check();
  await frame.getByLabel('Where do you live?').fill('Columbus, OH');
  await frame
    .getByLabel('Why do you want to become a data center technician?')
    .fill('I want a stable career working with real hardware.');

  const answers = page.waitForRequest(isPost('/api/candidates/questionnaire'));
  const completion = page.waitForRequest(isPost('/api/candidates/typeform-completed'));
  await frame.getByRole('button', { name: 'Submit Answers' }).click();
  expect((await answers).postDataJSON()).toEqual({
    ...besideSpec,
    email,
    availability: 'within-month',
    fullTime: 'yes',
    relocation: 'depends',
    location: 'Columbus, OH',
    motivation: 'I want a stable career working with real hardware.',
    attribution: { page: '/typeform' },
  });
  await expect(frame.locator('.form-complete')).toBeVisible();
  expect((await completion).postDataJSON()).toEqual({ email, ...besideSpec });

  await expect(toast(page)).toContainText('Application Complete!');
  await expect(page).toHaveURL(/\/thank-you$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Application Received!');
  expect(await sessionValue(page, 'filloutCompleted')).toBe('true');
});

test('the questionnaire says how long the motivation must be before it is sent', async ({
  page,
}) => {
  await gotoTypeform(page);
  const frame = questionnaire(page);
  const motivation = frame.getByLabel('Why do you want to become a data center technician?');
  await expect(motivation).toHaveAccessibleDescription('At least 10 characters.');
  await expect(frame.getByText('At least 10 characters.')).toBeVisible();
});

test('/typeform embeds the questionnaire in a 500 px iframe', async ({ page }) => {
  await page.goto('/typeform');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Complete Your Application');
  const iframe = page.locator('iframe[title="Application questionnaire"]');
  await expect(iframe).toHaveAttribute('src', '/questionnaire?fillout-embed-id=application');
  expect((await iframe.boundingBox())?.height).toBe(500);
});

test('a submit message from the embed completes once, even when repeated', async ({ page }) => {
  const email = uniqueEmail('once');
  await seedSession(page, { candidateEmail: email });
  const calls = countCompletionCalls(page);
  await gotoTypeform(page);
  await postFromEmbed(page, { type: 'form_submit', embedId: 'application' });
  await postFromEmbed(page, { type: 'form-submit' });
  await page.evaluate(() => window.sessionStorage.setItem('typeformCompleted', 'true'));
  await expect(page).toHaveURL(/\/thank-you$/);
  expect(calls).toHaveLength(1);
  expect(calls[0]?.postDataJSON()).toEqual({ email, ...besideSpec });
});

test('messages for another embed, or of another kind, are ignored', async ({ page }) => {
  const calls = countCompletionCalls(page);
  await gotoTypeform(page);
  await postFromEmbed(page, { type: 'form_submit', embedId: 'someone-else' });
  await postFromEmbed(page, { type: 'page_change', embedId: 'application' });
  await page.waitForTimeout(1500);
  await expect(page).toHaveURL(/\/typeform$/);
  expect(calls).toHaveLength(0);
  // The page was listening all along: a message for our embed completes it.
  await postFromEmbed(page, { type: 'form_submit', embedId: 'application' });
  await expect(page).toHaveURL(/\/thank-you$/);
});

test('without a stored e-mail no call is made and /thank-you still follows after 1 s', async ({
  page,
}) => {
  const calls = countCompletionCalls(page);
  await gotoTypeform(page);
  const started = Date.now();
  await postFromEmbed(page, { type: 'form_submit', embedId: 'application' });
  await expect(toast(page)).toContainText('Application Complete!');
  await expect(page).toHaveURL(/\/thank-you$/);
  expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
  expect(calls).toHaveLength(0);
  expect(await sessionValue(page, 'filloutCompleted')).toBe('true');
});

test('the 2 s poll notices the session flag', async ({ page }) => {
  await gotoTypeform(page);
  await page.evaluate(() => window.sessionStorage.setItem('typeformCompleted', 'true'));
  await expect(page).toHaveURL(/\/thank-you$/, { timeout: 5000 });
});

test('the poll notices an end screen in the iframe (class name)', async ({ page }) => {
  await gotoTypeform(page);
  const frame = page.frame({ url: /\/questionnaire/ });
  await frame?.evaluate(() => document.body.classList.add('form-complete'));
  await expect(page).toHaveURL(/\/thank-you$/, { timeout: 5000 });
});

test('when the completion call fails the error is logged and there is no redirect', async ({
  page,
  consoleGuard,
}) => {
  consoleGuard.allow(/status of 500|Could not record the completed questionnaire/);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await seedSession(page, { candidateEmail: uniqueEmail('fails') });
  await page.route('/api/candidates/typeform-completed', (route) =>
    route.fulfill({ status: 500, body: '{"error":"Internal server error"}' }),
  );
  await gotoTypeform(page);
  const response = page.waitForResponse('/api/candidates/typeform-completed');
  await postFromEmbed(page, { type: 'form_submit', embedId: 'application' });
  await response;
  await page.waitForTimeout(1500);
  await expect(page).toHaveURL(/\/typeform$/);
  await expect(toast(page)).toHaveCount(0);
  expect(errors.some((text) => text.includes('Could not record the completed questionnaire'))).toBe(
    true,
  );
});

test.describe('/questionnaire on its own', () => {
  test('renders without the site layout and is kept out of search results', async ({ page }) => {
    await gotoForm(page, '/questionnaire');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('A few questions about you');
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    await expect(page.locator('footer')).toHaveCount(0);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute(
      'content',
      'noindex, nofollow',
    );
  });

  test('an empty submit shows each question’s message', async ({ page }) => {
    await gotoForm(page, '/questionnaire');
    await page.getByRole('button', { name: 'Submit Answers' }).click();
    await expect(page.getByLabel('Email')).toHaveAccessibleDescription(
      'Please enter a valid email address',
    );
    for (const message of [
      'Please tell us when you could start',
      'Please tell us whether you can train full time',
      'Please tell us whether you could relocate',
      'Location is required',
      'Please tell us a little more (at least 10 characters)',
    ])
      await expect(page.getByText(message)).toBeVisible();
    await expect(
      page.getByRole('group', { name: 'When could you start the training?' }),
    ).toHaveAccessibleDescription('Please tell us when you could start');
  });
});
