import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { ERASED_MESSAGE, STATUS_ACTIONS, STATUS_NOTICES } from '../../src/shared/person-status';
import { expect, test } from './fixtures';
import { searchHeader } from '../support/search';
import { signIn } from './support/admin';
import { mailTo, statusLinkIn } from './support/mailbox';
import { fullTitle } from '../../src/client/app/route-meta';
import { axeViolations, site } from './support/site';
import { validBodies } from '../support/lead-bodies';

/*
 * The person's status page (issue 21), opened from the confirmation e-mail as the person would,
 * on the `messages` server: it corrects the phone, then erases everything.
 */

/** The JSON file `press` downloads, parsed. */
async function downloaded(page: Page, press: () => Promise<void>): Promise<unknown> {
  const [download] = await Promise.all([page.waitForEvent('download'), press()]);
  expect(download.suggestedFilename()).toBe('my-data.json');
  return JSON.parse(await readFile((await download.path())!, 'utf8')) as unknown;
}

const confirmationTo = (email: string) =>
  mailTo(email).find((text) =>
    text.includes('Subject: We received your Talent Bridge details: one step is left'),
  );

/** The status page of a candidate (or a company's request), opened from their confirmation. */
async function openStatusPage(page: Page, email: string, company = false) {
  const [url, data] = company
    ? ['/api/companies/submit', validBodies.companyRequest(email)]
    : ['/api/candidates/basic-info', validBodies.candidateBasicInfo(email)];
  expect((await page.request.post(url, { data })).status()).toBe(200);
  const mail = () =>
    mailTo(email).find((text) => text.includes('Subject: We received your Talent Bridge'));
  await expect.poll(mail, { timeout: 30_000 }).toBeDefined();
  await page.goto(statusLinkIn(mail())!);
  await page.getByRole('button', { name: 'Open My Status Page' }).click();
  await expect(page).toHaveURL(/\/status$/);
}

test('the confirmation e-mail opens the status page, which corrects the phone and erases everything', async ({
  browser,
  page,
}) => {
  // The confirmation goes after CONFIRMATION_DELAY (seconds here); then two page loads and a post.
  test.setTimeout(75_000);
  const email = `status-${Date.now()}@example.com`;
  const response = await page.request.post('/api/candidates/basic-info', {
    data: { firstName: 'Ada', lastName: 'Lovelace', email, phone: '555-0100' },
  });
  expect(response.status()).toBe(200);
  await expect.poll(() => confirmationTo(email), { timeout: 30_000 }).toBeDefined();
  const link = statusLinkIn(confirmationTo(email));
  expect(link).toBeDefined();
  // A step is open: the mail offers what the page does, stopping reminders.
  expect(confirmationTo(email)).toContain('correct your details or stop reminders');

  // A fresh browser, as from the mail client: one press spends the link for this browser.
  await page.context().clearCookies();
  await page.goto(link!);
  await page.getByRole('button', { name: 'Open My Status Page' }).click();
  await expect(page).toHaveURL(/\/status$/);
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your Application Status');
  // The tab says the heading, with JavaScript or without (the page as the server sends it).
  const title = fullTitle('Your Application Status', site.brandName);
  await expect(page).toHaveTitle(title);
  expect(await (await page.request.get('/status')).text()).toContain(`<title>${title}</title>`);
  await expect(page.getByText(email, { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Finish the questionnaire' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Stop Reminders' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  const phone = page.getByLabel('Phone');
  await expect(phone).toHaveValue('555-0100');
  await phone.fill('555-0199');
  await page.getByRole('button', { name: 'Save My Details' }).click();
  await expect(page.getByRole('status')).toHaveText(STATUS_NOTICES.details);
  await page.reload();
  await expect(page.getByLabel('Phone')).toHaveValue('555-0199');

  // The team reads the correction in the lead's history, named as the person made it.
  const admin = await browser.newPage();
  await signIn(admin);
  const found = await admin.request.get(`/api/candidate-submissions`, {
    headers: searchHeader(email),
  });
  const [listed] = (await found.json()) as { id: number }[];
  await admin.goto(`/admin?candidate=${listed!.id}`);
  await expect(admin.getByText('Correction on the status page')).toBeVisible();
  await admin.close();

  await page.getByText('Erase everything we hold about me').click();
  await page.getByRole('button', { name: 'Yes, Erase Everything' }).click();
  await expect(page.getByText(ERASED_MESSAGE)).toBeVisible();
  // The browser's proof went with the data: the page now offers "Lost your link?".
  await page.goto('/status');
  await expect(page.getByRole('heading', { name: 'Lost your link?' })).toBeVisible();
  // ...and the link from the e-mail, spent, opens nothing any more.
  await page.goto(link!);
  await expect(page.getByText('This link has expired. Ask for a new one below.')).toBeVisible();
});

test('a company’s status page speaks of its talent request, not of an application, and corrects it', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const email = `status-company-${Date.now()}@example.com`;
  const response = await page.request.post('/api/companies/submit', {
    data: validBodies.companyRequest(email),
  });
  expect(response.status()).toBe(200);
  const confirmation = () =>
    mailTo(email).find((text) => text.includes('Subject: We received your Talent Bridge request'));
  await expect.poll(confirmation, { timeout: 30_000 }).toBeDefined();
  await page.context().clearCookies();
  await page.goto(statusLinkIn(confirmation())!);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your Status Page');
  await page.getByRole('button', { name: 'Open My Status Page' }).click();
  await expect(page).toHaveURL(/\/status$/);
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your Talent Request Status');
  await expect(page).toHaveTitle(fullTitle('Your Talent Request Status', site.brandName));
  await expect(
    page.getByRole('heading', { name: 'Your Talent Request', exact: true }),
  ).toBeVisible();
  await expect(page.getByText('Withdraw my request')).toBeVisible();
  await expect(page.locator('main')).not.toContainText(/application/i);

  // "Download My Data" from the keyboard: a JSON file of their request, the page stays.
  const copy = await downloaded(page, async () => {
    await page.getByRole('button', { name: 'Download My Data' }).focus();
    await page.keyboard.press('Enter');
  });
  expect(copy).toMatchObject({
    email,
    leads: [{ kind: 'company', details: { company_name: 'Acme Data' } }],
  });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your Talent Request Status');

  // Every field the request took may be corrected there, as the form asks it.
  expect(await axeViolations(page)).toEqual([]);
  await expect(page.getByLabel('Your name')).toHaveValue('Grace Hopper');
  await page.getByLabel('Company size').selectOption('enterprise');
  await page.getByLabel('Hiring timeline').selectOption('exploring');
  await page.getByLabel('Talent needs').fill('Twenty technicians for two halls.');
  await page.getByLabel('Additional comments').fill('');
  await page.getByRole('button', { name: 'Save My Details' }).click();
  await expect(page.getByRole('status')).toHaveText(STATUS_NOTICES.details);
  await page.reload();
  await expect(page.getByLabel('Company size')).toHaveValue('enterprise');
  await expect(page.getByLabel('Hiring timeline')).toHaveValue('exploring');
  await expect(page.getByLabel('Talent needs')).toHaveValue('Twenty technicians for two halls.');
  await expect(page.getByLabel('Additional comments')).toHaveValue('');
});

test('without JavaScript the mailed link opens the page once, and Withdraw asks first', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const email = `withdraw-${Date.now()}@example.com`;
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  const response = await page.request.post('/api/candidates/basic-info', {
    data: { firstName: 'Ada', lastName: 'Lovelace', email, phone: '555-0100' },
  });
  expect(response.status()).toBe(200);
  await expect.poll(() => confirmationTo(email), { timeout: 15_000 }).toBeDefined();
  const link = statusLinkIn(confirmationTo(email))!;
  await context.clearCookies();

  await page.goto(link);
  await page.getByRole('button', { name: 'Open My Status Page' }).click();
  await expect(page).toHaveURL(/\/status$/);
  await expect(page.getByText(email, { exact: true })).toBeVisible();
  const copy = await downloaded(page, () =>
    page.getByRole('button', { name: 'Download My Data' }).click(),
  );
  expect(copy).toMatchObject({ email, leads: [{ details: { first_name: 'Ada' } }] });
  await page.getByText('Withdraw my application').click();
  await page.getByRole('button', { name: 'Yes, Withdraw' }).click();
  // Said once, where they stand (not again in a notice above it).
  await expect(page.getByText(STATUS_NOTICES.withdraw)).toHaveCount(1);
  await expect(
    page.getByRole('region', { name: 'Where You Stand' }).getByText(STATUS_NOTICES.withdraw),
  ).toBeVisible();
  // /book says they withdrew, with no time to pick.
  await page.goto('/book');
  await expect(page.getByRole('heading', { name: 'No Call to Book' })).toBeVisible();
  await expect(page.getByText(STATUS_NOTICES.withdraw)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Book This Time' })).toHaveCount(0);

  // Another browser with the same link: spent, so it offers a new one and shows nothing.
  const other = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const stranger = await other.newPage();
  await stranger.goto(link);
  await expect(stranger.getByText('This link has expired. Ask for a new one below.')).toBeVisible();
  await expect(stranger.getByText(email, { exact: true })).toHaveCount(0);
  await other.close();
  await context.close();
});

test('an opt-out of sale and sharing shows on the status page, which opts back in', async ({
  page,
}) => {
  test.setTimeout(75_000);
  await openStatusPage(page, `status-opt-in-${Date.now()}@example.com`);
  // "Do Not Sell or Share" from this browser (the footer's control posts this).
  expect((await page.request.post(STATUS_ACTIONS.optOut)).status()).toBe(204);

  await page.reload();
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  const optedOut = page.getByText('You opted out of sale and sharing');
  await expect(optedOut).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  const optIn = page.getByRole('button', { name: 'Opt Back In' });
  await optIn.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toHaveText(STATUS_NOTICES.optIn);
  await expect(optedOut).toHaveCount(0);
});

test('a refused correction takes the focus to its field, with or without JavaScript', async ({
  browser,
  baseURL,
  page,
}) => {
  test.setTimeout(75_000);
  // A phone: the page reloads at its top, the details far below the first screen.
  await page.setViewportSize({ width: 375, height: 812 });
  await openStatusPage(page, `status-refused-${Date.now()}@example.com`);
  const proof = await page.context().storageState();
  const withoutJs = await browser.newContext({
    javaScriptEnabled: false,
    storageState: proof,
    baseURL,
    viewport: { width: 375, height: 812 },
  });
  for (const shown of [page, await withoutJs.newPage()]) {
    await shown.goto('/status');
    // Typed before the app hydrates, a value is reset to the page's (left for another change).
    if (shown === page)
      await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    await shown.getByLabel('Last name').fill('');
    await shown.getByRole('button', { name: 'Save My Details' }).click();
    const lastName = shown.getByLabel('Last name');
    await expect(lastName).toBeFocused();
    await expect(lastName).toBeInViewport();
    await expect(lastName).toHaveAccessibleDescription('Last name is required');
  }
  await withoutJs.close();
});

test('what is typed in a text box before the page hydrates stays there, and is saved', async ({
  page,
}) => {
  test.setTimeout(75_000);
  await openStatusPage(page, `status-typed-${Date.now()}@example.com`, true);
  // The page's code arrives only once the person has typed, as on a slow phone network.
  let typed!: () => void;
  const held = new Promise<void>((resolve) => (typed = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/status');
  const needs = page.getByLabel('Talent needs');
  await needs.fill('Thirty technicians for three halls.');
  typed();
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  await expect(needs).toHaveValue('Thirty technicians for three halls.');
  await page.getByRole('button', { name: 'Save My Details' }).click();
  await expect(page.getByRole('status')).toHaveText(STATUS_NOTICES.details);
  await expect(needs).toHaveValue('Thirty technicians for three halls.');
});
