import { LOST_LINK_SENTENCE } from '../../src/shared/person-status';
import { expect, test } from './fixtures';
import { fillApplication } from './support/lead-forms';
import { mailTo, statusLinkIn } from './support/mailbox';
import { axeViolations } from './support/site';

/*
 * A second application from another browser (decision 176): the address already has a lead, so
 * this browser gets no proof. /book must not send the person back to apply: it says their
 * application is in and how to get in, and that way (the status page's mailed link) works.
 */

const APPLIED =
  'We have your application. For your privacy, your booking page opens from a link we e-mail you, not from this browser yet.';
const NOT_APPLIED = /Open this page right after you apply/;

const statusLinkMailTo = (email: string) =>
  mailTo(email).find((text) => text.includes('Subject: Your Talent Bridge status page'));

test('a second application on /candidates: /book says how to book, and the mailed link opens it', async ({
  browser,
  baseURL,
  page,
}) => {
  test.setTimeout(75_000);
  const email = `reapply-${Date.now()}@example.com`;
  const first = await browser.newContext({ baseURL });
  const data = { firstName: 'Ada', lastName: 'Lovelace', email };
  expect((await first.request.post('/api/candidates/basic-info', { data })).status()).toBe(200);
  await first.close();

  // Another browser, the same address: the form is answered as any other, without a proof.
  await page.goto('/candidates');
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue to Application' }).click();
  await expect(page).not.toHaveURL(/\/candidates$/);
  await page.goto('/thank-you');
  await page.getByRole('link', { name: 'Book your call' }).click();
  await expect(page.getByText(APPLIED)).toBeVisible();
  await expect(page.getByText(NOT_APPLIED)).toHaveCount(0);
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  expect(await axeViolations(page)).toEqual([]);

  // What it says works: "Lost your link?" on the status page mails a link that opens /book here.
  await page.getByRole('link', { name: 'your status page' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/status$/);
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Me a New Link' }).click();
  await expect(page.getByText(LOST_LINK_SENTENCE)).toBeVisible();
  await expect.poll(() => statusLinkMailTo(email), { timeout: 30_000 }).toBeDefined();
  await page.goto(statusLinkIn(statusLinkMailTo(email))!);
  await page.getByRole('button', { name: 'Open My Status Page' }).click();
  await expect(page).toHaveURL(/\/status$/);
  await page.goto('/book');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Book Your Call');
  await expect(page.getByText(APPLIED)).toHaveCount(0);
  await expect(page.getByText(NOT_APPLIED)).toHaveCount(0);
});

test('without JavaScript, a second application from /career gets the same words on /book', async ({
  browser,
  baseURL,
}) => {
  const email = `reapply-nojs-${Date.now()}@example.com`;
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  const data = { email };
  expect((await page.request.post('/api/candidates/email', { data })).status()).toBe(200);
  await context.clearCookies();

  await page.goto('/career');
  const emailForm = page.locator('form[action="/api/candidates/email"]').first();
  await emailForm.getByLabel('Email').fill(email);
  await emailForm.getByRole('button', { name: 'Get Started' }).click();
  await expect(page).toHaveURL('/apply');
  const application = page.locator('form[action="/api/candidates/submit"]');
  await fillApplication(page, application);
  await application.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page).toHaveURL('/thank-you');
  await page.getByRole('link', { name: 'Book your call' }).click();
  await expect(page.getByText(APPLIED)).toBeVisible();
  await expect(page.getByText(NOT_APPLIED)).toHaveCount(0);
  await context.close();
});
