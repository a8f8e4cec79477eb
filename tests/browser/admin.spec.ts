import { readFile } from 'node:fs/promises';
import { E2E_ADMIN_PASSWORD } from '../support/e2e';
import { readableMail, startLocalSmtp, type LocalSmtp } from '../support/smtp';
import { acrossDays } from '../support/utc-days';
import { holdRequests } from './support/lead-forms';
import { test } from './fixtures';
import {
  expect,
  focusedDialog,
  lead,
  openTab,
  ownServer,
  searchFor,
  signIn,
  signInThroughForm,
  tabNamed,
  toast,
  uniqueTag,
} from './support/admin';

test.describe.configure({ timeout: 120_000 });

test('refuses a wrong password, then signs in with the right one', async ({
  page,
  consoleGuard,
}) => {
  consoleGuard.allow(/status of 401/);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Sign In' })).toBeVisible();
  // By keyboard with no password: the field takes the focus, and says what is missing.
  const password = page.getByLabel('Password');
  const signInButton = page.getByRole('button', { name: 'Sign In', exact: true });
  await signInButton.focus();
  await page.keyboard.press('Enter');
  await expect(password).toBeFocused();
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(password).toHaveAccessibleDescription('Password is required');
  await password.fill('not-the-password');
  await expect(password).toHaveAttribute('aria-invalid', 'false');
  // The failure leaves the focus on the button, not on the page's top.
  await signInButton.focus();
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Authentication Failed').first()).toContainText('Incorrect password');
  await expect(signInButton).toBeFocused();
  await expect(page.getByRole('heading', { name: 'Lead Dashboard' })).toHaveCount(0);
  // A passkey this browser cannot give: the failure, too, leaves the focus on its button.
  const passkey = page.getByRole('button', { name: 'Sign in with a passkey' });
  await passkey.focus();
  await page.keyboard.press('Enter');
  const refused = toast(page, 'Authentication Failed').filter({ hasNotText: 'Incorrect password' });
  await expect(refused).toBeVisible();
  await expect(passkey).toBeFocused();

  await page.getByLabel('Password').fill(E2E_ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(toast(page, 'Authenticated').first()).toBeVisible();
  await expect(page.getByRole('tab', { name: /^Typeform Leads/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  expect(await page.evaluate(() => sessionStorage.getItem('adminAuthenticated'))).toBe('true');
  // The session is the server's: a reload stays signed in.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Lead Dashboard' })).toBeVisible();
});

test('shows each lead in the tab of its classification', async ({ page }) => {
  const tag = uniqueTag('cls');
  const { request } = page;
  await lead.typeform(request, `${tag}-typeform@example.com`);
  await lead.email(request, `${tag}-regular@example.com`);
  await lead.application(request, `${tag}-regular@example.com`);
  await lead.email(request, `${tag}-emailonly@example.com`);
  await lead.companyRequest(request, `${tag}-company@example.com`, `${tag} Compute`);
  await signIn(page);

  const expectations: [string, string[], string][] = [
    [
      'Typeform Leads',
      [`${tag}-typeform@example.com`],
      'Candidates who started through the /candidates page',
    ],
    ['Candidates', [`${tag}-regular@example.com`], 'Form completions through /career'],
    ['Companies', [`${tag}-company@example.com`], 'Company leads and talent requests'],
    [
      'Lead Emails',
      [`${tag}-emailonly@example.com`],
      'E-mail-only leads from candidates and companies',
    ],
  ];
  for (const [tab, emails, caption] of expectations) {
    const panel = await openTab(page, tab, tag);
    await expect(panel.locator('caption')).toHaveText(caption);
    await expect(panel.getByRole('navigation', { name: 'Pagination' })).toContainText(
      `of ${emails.length}`,
    );
    const rows = panel.locator('tbody tr');
    await expect(rows).toHaveCount(emails.length);
    for (const email of emails) await expect(rows.filter({ hasText: email })).toHaveCount(1);
  }
  const candidates = await openTab(page, 'Candidates', tag);
  const row = candidates.locator('tbody tr').first();
  await expect(row).toContainText('Grace Hopper');
  // Location is one of the columns a recruiter adds.
  await candidates.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Location' }).click();
  await page.keyboard.press('Escape');
  await expect(row).toContainText('Austin, TX');
  await expect(row).toContainText('/career');
  await expect(row).toContainText('free_training');
  await expect(row).toContainText('newsletter');
  await expect(row).toContainText(/[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} (AM|PM)/);
  const typeform = await openTab(page, 'Typeform Leads', tag);
  await expect(typeform.locator('tbody tr').first()).toContainText('Not Completed');
});

test('searches and pages through the leads on the server', async ({ page }) => {
  const tag = uniqueTag('page');
  for (let i = 0; i < 30; i++) {
    await lead.email(page.request, `${tag}-${String(i).padStart(2, '0')}@example.com`);
  }
  await signIn(page);
  const panel = await openTab(page, 'Lead Emails', tag);
  const pager = panel.getByRole('navigation', { name: 'Pagination' });
  await expect(pager).toContainText('Showing 1–25 of 30');
  await expect(panel.locator('tbody tr')).toHaveCount(25);
  await expect(panel.locator('tbody tr').first()).toContainText(`${tag}-29@example.com`);
  // By keyboard: the last page disables Next, which keeps the focus (and ignores a press).
  const next = pager.getByRole('button', { name: 'Next' });
  await next.press('Enter');
  await expect(pager).toContainText('Showing 26–30 of 30');
  await expect(panel.locator('tbody tr')).toHaveCount(5);
  await expect(panel.locator('tbody tr').last()).toContainText(`${tag}-00@example.com`);
  await expect(next).toBeDisabled();
  await expect(next).toBeFocused();
  await next.press('Enter');
  await expect(pager).toContainText('Showing 26–30 of 30');
  await pager.getByRole('button', { name: 'Previous' }).click();
  await expect(pager).toContainText('Showing 1–25 of 30');

  await searchFor(panel, `${tag}-1`);
  await expect(pager).toContainText('Showing 1–10 of 10');
  await searchFor(panel, `${tag}-none`);
  await expect(panel.getByText('No leads match this search.')).toBeVisible();
  // The pager says so too (read out), not "Showing 0–0 of 0".
  await expect(pager).toContainText('No leads match.');
  await expect(pager).not.toContainText('Showing');
});

test('a later page emptied by a delete steps back to the last page with rows', async ({ page }) => {
  const tag = uniqueTag('emptied');
  for (let i = 0; i < 26; i++) {
    await lead.email(page.request, `${tag}-${String(i).padStart(2, '0')}@example.com`);
  }
  await signIn(page);
  const panel = await openTab(page, 'Lead Emails', tag);
  const pager = panel.getByRole('navigation', { name: 'Pagination' });
  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(pager).toContainText('Showing 26–26 of 26');
  await expect(page).toHaveURL(/offset=25/);
  await panel.getByRole('button', { name: `Delete ${tag}-00@example.com` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  // Not "Showing 26–25 of 25" until Previous is pressed.
  await expect(pager).toContainText('Showing 1–25 of 25');
  await expect(panel.locator('tbody tr')).toHaveCount(25);
  await expect(page).not.toHaveURL(/offset=/);
});

// The cause of a flake of the test above ("Showing 0–0 of 0"): a search typed before a busy
// machine had rendered the tab's navigation (a transition) went back to the first tab.
test("a filter set before the tab's navigation has rendered stays on that tab", async ({
  page,
}) => {
  await signIn(page);
  await expect(
    page.getByRole('tabpanel').getByRole('checkbox', { name: 'My leads' }),
  ).toBeVisible();
  // In one task, as a slow machine runs them: the tab is pressed, its panel shows (React's
  // urgent render, a microtask), "My leads" is ticked; the URL's render has not run yet.
  await page.evaluate(async () => {
    const tab = [...document.querySelectorAll('[role=tab]')].find((one) =>
      one.textContent?.startsWith('Lead Emails'),
    );
    tab?.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, button: 0 }));
    for (let i = 0; i < 3; i++) await Promise.resolve();
    const panel = document.querySelector('[role=tabpanel][data-state=active]');
    const labels = [...(panel?.querySelectorAll('label') ?? [])];
    labels.find((label) => label.textContent === 'My leads')?.click();
  });
  await expect(
    page.getByRole('tabpanel').getByRole('checkbox', { name: 'My leads' }),
  ).toBeChecked();
  await expect(tabNamed(page, 'Lead Emails')).toHaveAttribute('aria-selected', 'true');
  await expect.poll(() => new URL(page.url()).search).toBe('?tab=leadEmails&mine=1');
});

test('Refresh loads leads that arrived since, with a toast', async ({ page }) => {
  const tag = uniqueTag('refresh');
  await lead.typeform(page.request, `${tag}-first@example.com`);
  await signIn(page);
  const panel = await openTab(page, 'Typeform Leads', tag);
  await expect(panel.locator('tbody tr')).toHaveCount(1);
  await lead.typeform(page.request, `${tag}-second@example.com`);
  // By keyboard: the focus stays on Refresh while and after it works, for the next press.
  const refresh = page.getByRole('button', { name: 'Refresh' });
  await refresh.press('Enter');
  await expect(toast(page, 'Data Refreshed').first()).toBeVisible();
  await expect(panel.locator('tbody tr')).toHaveCount(2);
  await expect(refresh).toBeFocused();
});

test('deletes a lead after the confirmation, and the row leaves the list', async ({ page }) => {
  const tag = uniqueTag('delete');
  await lead.companyRequest(page.request, `${tag}-company@example.com`, `${tag} Racks`);
  await lead.application(page.request, `${tag}-candidate@example.com`);
  await signIn(page);

  const companies = await openTab(page, 'Companies', tag);
  await companies.getByRole('button', { name: `Delete ${tag} Racks` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Are you sure you want to delete this company submission?');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(companies.locator('tbody tr')).toHaveCount(1);

  await companies.getByRole('button', { name: `Delete ${tag} Racks` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Deleted').first()).toBeVisible();
  await expect(companies.getByText('No leads match this search.')).toBeVisible();

  const candidates = await openTab(page, 'Candidates', tag);
  await candidates.getByRole('button', { name: 'Delete Grace Hopper' }).click();
  await expect(await focusedDialog(page)).toContainText(
    'Are you sure you want to delete this candidate submission?',
  );
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await candidates.getByRole('button', { name: 'Delete Grace Hopper' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(candidates.getByText('No leads match this search.')).toBeVisible();
});

test('after a delete by keyboard the focus lands on the next row, else on the table', async ({
  page,
}) => {
  const tag = uniqueTag('delfocus');
  for (const n of [1, 2]) {
    await lead.application(page.request, `${tag}${n}@example.com`, `${tag}n${n}`);
  }
  await signIn(page);
  const panel = await openTab(page, 'Candidates', tag);
  const remove = async (name: string) => {
    await panel.getByRole('button', { name: `Delete Grace ${tag}${name}` }).press('Enter');
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).press('Enter');
    await expect(panel.getByRole('row').filter({ hasText: `${tag}${name}` })).toHaveCount(0);
  };
  // Newest first: the second lead's row is first; the first lead's row takes its place.
  await remove('n2');
  await expect(panel.getByRole('checkbox', { name: `Select Grace ${tag}n1` })).toBeFocused();
  await remove('n1');
  await expect(
    panel.getByRole('region', { name: 'Form completions through /career' }),
  ).toBeFocused();
});

test('exports the tab as CSV, neutralising formulas and doubling quotes', async ({ page }) => {
  const tag = uniqueTag('csv');
  await lead.typeform(
    page.request,
    `${tag}-formula@example.com`,
    '=HYPERLINK("http://x")',
    `${tag}O"Brien`,
  );
  await lead.typeform(page.request, `${tag}-plain@example.com`, 'Zoë', `${tag}Müller`);
  await signIn(page);
  await openTab(page, 'Typeform Leads', tag);
  await expect(page.getByRole('tabpanel').locator('tbody tr')).toHaveCount(2);

  const { result, from, to } = await acrossDays(() =>
    Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export to CSV' }).click(),
    ]),
  );
  const [download] = result;
  // Named for the day it was made: the day the export began or ended in.
  const named = (day: string) => `typeform-leads-${day}.csv`;
  expect([named(from), named(to)]).toContain(download.suggestedFilename());
  const bytes = await readFile(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').split('\r\n');
  // The spec's columns first (section 9), then the questionnaire's answers, the pipeline and
  // the attribution.
  expect(lines[0]).toBe(
    '"ID","First Name","Last Name","Email","Phone","Status","Submitted","Availability","Full Time","Relocation","Questionnaire Location","Motivation","Pipeline Status",' +
      '"Source Page","Landing Variant","UTM Source","UTM Medium","UTM Campaign","UTM Term","UTM Content","Referrer","FBCLID"',
  );
  expect(lines).toHaveLength(4); // header, two rows, and the empty string after the last CRLF
  expect(lines[1]).toContain(`"Zoë","${tag}Müller","${tag}-plain@example.com"`);
  expect(lines[2]).toContain(
    `"'=HYPERLINK(""http://x"")","${tag}O""Brien","${tag}-formula@example.com","555-0100","Not Completed"`,
  );

  await searchFor(page.getByRole('tabpanel'), `${tag}-nobody`);
  await expect(page.getByRole('tabpanel').getByText('No leads match this search.')).toBeVisible();
  await page.getByRole('button', { name: 'Export to CSV' }).click();
  await expect(toast(page, 'No Data').first()).toContainText('There is no data to export');
});

test('signs out: the session ends on the server too, and the search leaves the address bar', async ({
  page,
}) => {
  await signInThroughForm(page);
  // What was searched for names a person: the next one at this screen does not see it.
  await searchFor(page.getByRole('tabpanel'), 'ada@example.com');
  // Never in the address bar: in the entry's state (React Router's), gone at sign-out.
  await expect(page).toHaveURL(/\/admin$/);
  const searched = () => page.evaluate(() => (history.state as { usr?: { q?: string } }).usr?.q);
  expect(await searched()).toBe('ada@example.com');
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(toast(page, 'Logged Out').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Admin Sign In' })).toBeVisible();
  await expect(page).toHaveURL(/\/admin$/);
  expect(await page.evaluate(() => sessionStorage.getItem('adminAuthenticated'))).toBeNull();
  expect(await searched()).toBeUndefined();
  const response = await page.request.get('/api/candidate-submissions');
  expect(response.status()).toBe(401);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Admin Sign In' })).toBeVisible();
});

test('a sign-out while the lists still load drops their reads: the sign-in form, no refusal', async ({
  page,
}) => {
  // The dashboard's lists and counts, held on their way until the server has ended the session,
  // then let through before its answer reaches the page: each would be refused (401), and the
  // console guard fails the test on that too.
  const reads = /\/api\/(?!admin\/(logout|session))/;
  const held = await holdRequests(page, reads);
  let pending = 0;
  const refused: string[] = [];
  page.on('request', (sent) => reads.test(sent.url()) && pending++);
  page.on('requestfailed', (sent) => reads.test(sent.url()) && pending--);
  page.on('response', (answer) => {
    if (!reads.test(answer.url())) return;
    pending--;
    if (answer.status() === 401) refused.push(answer.url());
  });
  await page.route('**/api/admin/logout', async (route) => {
    const ended = await route.fetch();
    held.release();
    await expect.poll(() => pending).toBe(0);
    await route.fulfill({ response: ended });
  });
  await signIn(page);
  await expect.poll(() => pending).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(toast(page, 'Logged Out').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Admin Sign In' })).toBeVisible();
  expect(refused).toEqual([]);
});

test('a change after the session ended brings the sign-in, with nothing of the account left, nor its open lead', async ({
  page,
  consoleGuard,
}) => {
  consoleGuard.allow(/status of 401/);
  const tag = uniqueTag('expired');
  await lead.typeform(page.request, `${tag}@example.com`);
  await signIn(page);
  const panel = await openTab(page, 'Typeform Leads', tag);
  await panel.getByRole('button', { name: 'Open details of Ada Lovelace' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Add a note').fill('Call back on Monday.');
  // The session ends while the screen is open (expired, or signed out in another tab).
  expect((await page.request.post('/api/admin/logout')).ok()).toBe(true);
  await dialog.getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Sign In' })).toBeVisible();
  for (const gone of [dialog, page.getByText('Ada Lovelace'), page.getByText(tag)]) {
    await expect(gone).toHaveCount(0);
  }
  await expect(page.getByRole('button', { name: 'Logout' })).toHaveCount(0);
  expect(await page.evaluate(() => sessionStorage.getItem('adminAuthenticated'))).toBeNull();
  // The lead and the search left the URL: signing in again here, maybe as another account,
  // reopens neither.
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByLabel('Password').fill(E2E_ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Lead Dashboard' })).toBeVisible();
  await expect(page.getByRole('searchbox')).toHaveValue('');
  await searchFor(panel, tag);
  await expect(panel.getByRole('button', { name: 'Open details of Ada Lovelace' })).toBeVisible();
  await expect(dialog).toHaveCount(0);
});

test('no toast of the dashboard stays or comes over the sign-in form', async ({
  page,
  consoleGuard,
}) => {
  const failed = toast(page, 'Failed to delete candidate submission');
  consoleGuard.allow(/status of 401/);
  const tag = uniqueTag('toastout');
  await lead.application(page.request, `${tag}@example.com`);
  const remove = async () => {
    await panel.getByRole('button', { name: 'Delete Grace Hopper' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  };
  // The session ended elsewhere: the delete's failure, shown first, goes with the dashboard.
  // (Through the form: its toast loads the toasts' code, which a failure then need not wait on.)
  await signInThroughForm(page);
  const panel = await openTab(page, 'Candidates', tag);
  expect((await page.request.post('/api/admin/logout')).ok()).toBe(true);
  await remove();
  await expect(page.getByRole('heading', { name: 'Admin Sign In' })).toBeVisible();
  // It would close by itself after 5 s.
  await expect(failed).toHaveCount(0, { timeout: 2_000 });

  // Signed out while the delete is on its way: its failure, answered later, does not show.
  await signIn(page);
  await openTab(page, 'Candidates', tag);
  const held = await holdRequests(page, '**/api/candidate-submissions/*');
  await remove();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(toast(page, 'Logged Out')).toBeVisible();
  const answered = page.waitForResponse((response) => response.request().method() === 'DELETE');
  held.release();
  expect((await answered).status()).toBe(401);
  // What the page does with the answer has run (a few tasks): no toast came of it.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
  await expect(failed).toHaveCount(0, { timeout: 2_000 });
  await expect(page.getByRole('heading', { name: 'Admin Sign In' })).toBeVisible();
});

test.describe('send form e-mail', () => {
  let smtp: LocalSmtp;
  test.beforeAll(async () => {
    smtp = await startLocalSmtp();
  });
  test.afterAll(async () => {
    await smtp?.close();
  });
  const ownedServer = ownServer(() => ({ SMTP_URL: smtp.url, SITE_URL: 'https://talent.example' }));

  test("a real SMTP server receives the link that resumes the lead's open step", async ({
    page,
  }) => {
    const server = ownedServer();
    const email = `${uniqueTag('mail')}@example.com`;
    const response = await page.request.post(`${server.baseUrl}/api/candidates/basic-info`, {
      data: { firstName: 'Mary', lastName: 'Jackson', email },
    });
    expect(response.ok()).toBe(true);
    await signIn(page, server.baseUrl);
    const panel = await openTab(page, 'Typeform Leads', email);
    await panel.getByRole('button', { name: 'Send form email to Mary Jackson' }).click();
    // The message shows first, as Mary gets it (issue 42); sent as it is.
    await page
      .getByRole('dialog', { name: 'Send form email to Mary Jackson' })
      .getByRole('button', { name: 'Send', exact: true })
      .click();
    await expect(toast(page, 'Email Sent').first()).toBeVisible();
    // The person's own confirmation (decision 154) may come first: the form e-mail is the one
    // asking to complete the application.
    const formEmail = () =>
      smtp.received.find((m) => m.raw.includes('Subject: Complete your Talent Bridge application'));
    await expect.poll(formEmail).toBeDefined();
    const mail = formEmail()!;
    expect(mail.to).toEqual([email]);
    expect(mail.raw).toContain('Hi Mary,');
    // The lead's own status link, resuming its open questionnaire prefilled (not a blank /apply).
    expect(readableMail(mail)).toMatch(
      /https:\/\/talent\.example\/status\?token=[\w-]+&next=questionnaire/,
    );
  });
});
