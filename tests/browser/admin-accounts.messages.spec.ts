import type { Browser, BrowserContext, Page } from '@playwright/test';
import {
  AVAILABILITY_URL,
  DEFAULT_AVAILABILITY,
  WEEKDAYS,
} from '../../src/shared/booking-availability';
import { expect, lead, openAccountPage, openTab, signIn, uniqueTag } from './support/admin';
import { expectToast, toastItem } from './support/lead-forms';
import { mailTo } from './support/mailbox';
import { E2E_ADMIN_PASSWORD } from '../support/e2e';
import { test } from './fixtures';

/*
 * Named accounts (issue 22, decision 156) on the `messages` server, whose mail the tests' SMTP
 * server drops into a folder: an invitation accepted from its e-mail, and a viewer's dashboard.
 */

const PASSWORD = 'a long and quiet river stone';

/**
 * The link's path in the `nth` mail to `email`, an invitation or a reset (the server's SITE_URL
 * is not this server's address).
 */
async function invitationPath(email: string, nth = 0): Promise<string> {
  const linkIn = (mail: string | undefined) =>
    /https?:\/\/[^/\s]+(\/admin\/invite\?token=[\w-]+)/.exec(mail ?? '')?.[1];
  await expect.poll(() => linkIn(mailTo(email)[nth]), { timeout: 15_000 }).toBeDefined();
  return linkIn(mailTo(email)[nth])!;
}

/** Accepts the invitation at `path` on its page, as the invitee. */
async function accept(page: Page, path: string, name: string) {
  await page.context().clearCookies();
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'Accept your invitation' })).toBeVisible();
  await page.getByLabel('Your name').fill(name);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Lead Dashboard' })).toBeVisible();
}

test('the owner invites by e-mail and the invitee accepts from the mail', async ({
  page,
  browser,
  consoleGuard,
}) => {
  // Two browsers, two mails and many steps.
  test.setTimeout(60_000);
  const email = `${uniqueTag('invited')}@example.com`;
  await signIn(page);
  const accounts = await openTab(page, 'Accounts');
  await accounts.getByLabel('E-mail').fill(email);
  await accounts.getByLabel('Role', { exact: true }).selectOption('recruiter');
  await accounts.getByRole('button', { name: 'Invite' }).click();
  await expect(accounts.getByRole('cell', { name: email })).toBeVisible();

  await accept(page, await invitationPath(email), 'Rita Recruiter');
  // A recruiter works leads but does not manage accounts.
  await expect(page.getByRole('button', { name: 'Export to CSV' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Accounts' })).toHaveCount(0);
  // Settings holds the status messages a recruiter edits, not the server's configuration.
  const settings = await openTab(page, 'Settings');
  await expect(settings.getByRole('region', { name: 'Messages' })).toBeVisible();
  await expect(settings.getByRole('region', { name: 'Configuration' })).toHaveCount(0);
  await openAccountPage(page, 'Your sessions');
  await expect(page.getByRole('cell', { name: /\(this browser\)$/ })).toBeVisible();

  // The owner, in a browser of their own, ends the invitee's session after a confirmation.
  const ownerContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const owner = await ownerContext.newPage();
  await signIn(owner);
  const ownerAccounts = await openTab(owner, 'Accounts');
  // The sessions open below the table: the focus moves there, and Close hands it back.
  const opener = ownerAccounts.getByRole('button', { name: 'Sessions of Rita Recruiter' });
  const sessions = ownerAccounts.getByRole('region', { name: 'Sessions of Rita Recruiter' });
  await opener.focus();
  await owner.keyboard.press('Enter');
  await expect(sessions.getByRole('heading', { name: 'Sessions of Rita Recruiter' })).toBeFocused();
  await owner.keyboard.press('Tab');
  await expect(
    sessions.getByRole('button', { name: 'Close sessions of Rita Recruiter' }),
  ).toBeFocused();
  await owner.keyboard.press('Enter');
  await expect(sessions).toHaveCount(0);
  await expect(opener).toBeFocused();
  // Escape closes it too.
  await owner.keyboard.press('Enter');
  await expect(sessions.getByRole('heading', { name: 'Sessions of Rita Recruiter' })).toBeFocused();
  await owner.keyboard.press('Escape');
  await expect(sessions).toHaveCount(0);
  await expect(opener).toBeFocused();
  await owner.keyboard.press('Enter');
  await sessions.getByRole('button', { name: 'End session' }).click();
  await owner.getByRole('dialog').getByRole('button', { name: 'End session' }).click();
  await expect(sessions.getByText('No sessions')).toBeVisible();
  await ownerContext.close();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Admin Sign In' })).toBeVisible();

  // Used once: the link now says so (its lookup answers 404).
  consoleGuard.allow(/status of 404/);
  await page.context().clearCookies();
  await page.goto(await invitationPath(email));
  await expect(page.getByText('This invitation has expired or was already used')).toBeVisible();
});

test('a viewer signs in with e-mail and sees no export, delete or status control', async ({
  page,
}) => {
  const tag = uniqueTag('viewed');
  const email = `${tag}@example.com`;
  await lead.application(page.request, `${tag}-lead@example.com`, 'Viewed');
  await signIn(page);
  const invited = await page.request.post('/api/admin/users', {
    data: { email, role: 'viewer' },
  });
  expect(invited.status()).toBe(201);
  await accept(page, await invitationPath(email), 'Vera Viewer');

  // Signed out, then back in through the form's e-mail sign-in.
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.getByRole('button', { name: 'Sign in with e-mail' }).click();
  // The e-mail left empty: Enter in the password takes the focus to it, which says so.
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByLabel('Password').press('Enter');
  await expect(page.getByLabel('E-mail')).toBeFocused();
  await expect(page.getByLabel('E-mail')).toHaveAccessibleDescription('E-mail is required');
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Lead Dashboard' })).toBeVisible();

  const panel = await openTab(page, 'Candidates', tag);
  await expect(panel.getByRole('button', { name: 'Open details of Grace Viewed' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export to CSV' })).toHaveCount(0);
  await expect(panel.getByRole('button', { name: /^Delete / })).toHaveCount(0);
  await expect(panel.getByRole('button', { name: /^Send form email/ })).toHaveCount(0);
  await expect(
    page.getByRole('tab', { name: /^(Quarantine|People|Accounts|Audit|Settings)/ }),
  ).toHaveCount(0);

  await panel.getByRole('button', { name: 'Open details of Grace Viewed' }).click();
  const detail = page.getByRole('dialog');
  await expect(detail.getByRole('heading', { name: 'Grace Viewed' })).toBeVisible();
  await expect(detail.getByRole('heading', { name: 'Timeline' })).toBeVisible();
  await expect(detail.getByRole('button', { name: 'Change status' })).toHaveCount(0);
  await expect(detail.getByRole('combobox', { name: 'Status' })).toHaveCount(0);
  await expect(detail.getByRole('button', { name: /note/i })).toHaveCount(0);
});

test("a recruiter made a viewer loses the work controls at the server's first refusal", async ({
  page,
  browser,
  consoleGuard,
}) => {
  consoleGuard.allow(/status of 403/);
  const tag = uniqueTag('demoted');
  const email = `${tag}@example.com`;
  await lead.application(page.request, `${tag}-lead@example.com`, 'Demoted');
  const owner = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    await owner.request.post('/api/admin/login', { data: { password: E2E_ADMIN_PASSWORD } });
    const sent = await owner.request.post('/api/admin/users', {
      data: { email, role: 'recruiter' },
    });
    expect(sent.status()).toBe(201);
    await accept(page, await invitationPath(email), 'Dee Demoted');
    const panel = await openTab(page, 'Candidates', tag);
    await expect(page.getByRole('button', { name: 'Export to CSV' })).toBeVisible();

    // The owner makes her a viewer; her screen learns it from the server's next refusal.
    const { accounts } = (await (await owner.request.get('/api/admin/users')).json()) as {
      accounts: { id: number; email: string }[];
    };
    const dee = accounts.find((account) => account.email === email)!;
    const demoted = await owner.request.patch(`/api/admin/users/${dee.id}`, {
      data: { role: 'viewer' },
    });
    expect(demoted.ok()).toBe(true);
    // Every text the notifications show from now on: the delete's failure must never be one.
    await page.evaluate(() => {
      const shown: string[] = [];
      Object.assign(window, { shownToasts: shown });
      new MutationObserver(() =>
        document.querySelectorAll('[role=region] li').forEach((item) => {
          shown.push(item.textContent ?? '');
        }),
      ).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    await panel.getByRole('button', { name: 'Delete Grace Demoted' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    // Told why, once, instead of the delete's own failure.
    await expect(toastItem(page)).toHaveText(
      /Role Changed.*Your role is now Viewer: you read the leads and figures/,
    );
    await expect(toastItem(page)).toHaveCount(1);
    const shown = await page.evaluate(() => (window as { shownToasts?: string[] }).shownToasts);
    expect(shown?.filter((text) => /Failed|Error/.test(text))).toEqual([]);
    await expect(page.getByRole('button', { name: 'Export to CSV' })).toHaveCount(0);
    await expect(panel.getByRole('button', { name: /^Delete / })).toHaveCount(0);
    await expect(page.getByRole('tab', { name: /^(Quarantine|People|Settings)/ })).toHaveCount(0);
    await expect(
      panel.getByRole('button', { name: 'Open details of Grace Demoted' }),
    ).toBeVisible();
  } finally {
    await owner.close();
  }
});

/** A new recruiter, signed in in a browser context of its own (closed by the caller). */
async function invited(
  page: Page,
  browser: Browser,
  name: string,
  email = `${uniqueTag('host')}@example.com`,
) {
  const sent = await page.request.post('/api/admin/users', { data: { email, role: 'recruiter' } });
  expect(sent.status()).toBe(201);
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const invitee = await context.newPage();
  await accept(invitee, await invitationPath(email), name);
  return context;
}

test('disabling a host hands their calls to a host free then, and the Board marks the one nobody can take until the owner takes it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const tag = uniqueTag('handover');
  // Three days and twelve hours on (away from the other specs' calls), on that day alone.
  const when = new Date(Date.now() + (3 * 24 + 12) * 3_600_000);
  const date = when.toISOString().slice(0, 10);
  const hour = String(Math.min(when.getUTCHours(), 22)).padStart(2, '0');
  const [early, late] = [`${date}T${hour}:00:00Z`, `${date}T${hour}:20:00Z`];
  const hours = (end: string) => ({
    ...DEFAULT_AVAILABILITY,
    timeZone: 'UTC',
    weekly: Object.fromEntries(WEEKDAYS.map((day) => [day, []])),
    exceptions: [{ date, windows: [{ start: `${hour}:00`, end: `${hour}:${end}` }] }],
    slotMinutes: 10,
    intervalMinutes: 20,
    minimumNoticeHours: 0,
  });
  await signIn(page);
  const leaving = await invited(page, browser, `Lena ${tag}`);
  const cover = await invited(page, browser, `Cora ${tag}`);
  const people: BrowserContext[] = [];
  try {
    // Lena takes both calls; Cora, open afterwards at the early one only, can take that one.
    const save = (host: typeof leaving, end: string) =>
      host.request.put(AVAILABILITY_URL, { data: hours(end) });
    expect((await save(leaving, '40')).status()).toBe(200);
    for (const [index, start] of [early, late].entries()) {
      const person = await browser.newContext({ baseURL: test.info().project.use.baseURL });
      people.push(person);
      await lead.application(person.request, `${tag}-${index}@example.com`, `${tag}${index}`);
      expect((await person.request.post('/api/booking', { data: { start } })).status()).toBe(201);
    }
    expect((await save(cover, '10')).status()).toBe(200);

    const accounts = await openTab(page, 'Accounts');
    await accounts.getByRole('button', { name: `Disable Lena ${tag}` }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Their calls not yet started go to other hosts');
    await dialog.getByRole('button', { name: 'Disable', exact: true }).click();
    await expectToast(
      page,
      `Calls of Lena ${tag}`,
      '1 call moved to another host. 1 call needs a host: see the calls on the Board.',
    );

    const board = await openTab(page, 'Board');
    const calls = board.getByRole('region', { name: /calls/i });
    const { timeZone } = (await (
      await page.request.get(`/api/admin/bookings?day=${date}`)
    ).json()) as { timeZone: string };
    await calls.getByLabel('Day').fill(new Date(early).toLocaleDateString('en-CA', { timeZone }));
    const call = (index: number) =>
      calls.getByRole('listitem').filter({ hasText: `Grace ${tag}${index}` });
    await expect(call(0)).toContainText(`with Cora ${tag}`);
    await expect(call(1)).toContainText('No host: take the call or ask the person to move it');
    await expect(call(1)).not.toContainText(`Lena ${tag}`);

    // The owner takes it from the keyboard: the button follows the lead, and the flag goes.
    const { account } = (await (await page.request.get('/api/admin/session')).json()) as {
      account: { name: string };
    };
    const leadButton = call(1).getByRole('button', { name: `Grace ${tag}1`, exact: true });
    await leadButton.focus();
    await page.keyboard.press('Tab');
    await expect(
      call(1).getByRole('button', { name: `Take this call: Grace ${tag}1` }),
    ).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(call(1)).toContainText(`with ${account.name}`);
    await expect(call(1)).not.toContainText('No host');
    await expect(leadButton).toBeFocused();

    /** The owner disables a host: the toast counts their calls. */
    const disable = async (name: string, counted: string) => {
      await accounts.getByRole('button', { name: `Disable ${name} ${tag}` }).click();
      await dialog.getByRole('button', { name: 'Disable', exact: true }).click();
      await expectToast(page, `Calls of ${name} ${tag}`, counted);
    };
    const needsHost = '1 call needs a host: see the calls on the Board.';
    // Cora leaves too, and nobody is free for her call: no "0 calls moved".
    await openTab(page, 'Accounts');
    await disable('Cora', needsHost);
    // Lena back, she takes up the early one (the late one is the owner's now). The list read
    // again first: Cora shows disabled.
    await expect(accounts.getByRole('button', { name: `Enable Cora ${tag}` })).toBeVisible();
    await accounts.getByRole('button', { name: `Enable Lena ${tag}` }).click();
    await expectToast(page, 'Calls needing a host', '1 call without a host now has one.');

    // Lena leaves again; the owner takes her call from another day's list, where it then leaves:
    // the keyboard's focus stays in the calls, not on the page's body.
    await disable('Lena', needsHost);
    await openTab(page, 'Board');
    const dayAfter = new Date(when.getTime() + 24 * 3_600_000).toLocaleDateString('en-CA', {
      timeZone,
    });
    await calls.getByLabel('Day').fill(dayAfter);
    await call(0)
      .getByRole('button', { name: `Take this call: Grace ${tag}0` })
      .focus();
    await page.keyboard.press('Enter');
    await expect(call(0)).toHaveCount(0);
    await expect(calls.locator(':focus')).toHaveCount(1);
  } finally {
    // The calls cancelled and both hosts gone: the other specs see nothing of this test.
    for (const person of people) await person.request.post('/api/booking/cancel', { data: {} });
    const { accounts } = (await (await page.request.get('/api/admin/users')).json()) as {
      accounts: { id: number; name: string }[];
    };
    for (const host of accounts.filter((account) => account.name.endsWith(tag))) {
      await page.request.patch(`/api/admin/users/${host.id}`, { data: { disabled: true } });
    }
    for (const context of [leaving, cover, ...people]) await context.close();
  }
});

test('whoever signs in after a session ends sees their own sessions, not the last account’s', async ({
  page,
  browser,
  consoleGuard,
}) => {
  test.setTimeout(90_000);
  // The ended session's reads answer 401: that is how the screen learns it.
  consoleGuard.allow(/status of 401/);
  const tag = uniqueTag('after');
  const baseURL = test.info().project.use.baseURL;
  const owner = await browser.newContext({ baseURL });
  const other = await browser.newContext({ baseURL });
  try {
    const login = await owner.request.post('/api/admin/login', {
      data: { password: E2E_ADMIN_PASSWORD },
    });
    expect(login.ok()).toBe(true);
    const invite = async (role: string) => {
      const email = `${uniqueTag(role)}@example.com`;
      const sent = await owner.request.post('/api/admin/users', { data: { email, role } });
      expect(sent.status()).toBe(201);
      return { email, path: await invitationPath(email) };
    };
    const [first, next] = [await invite('recruiter'), await invite('viewer')];
    // The next one is also signed in elsewhere: their list holds two sessions.
    const token = new URL(next.path, 'http://x').searchParams.get('token');
    const elsewhere = await other.request.post('/api/admin/invitation/accept', {
      data: { token, name: `Ben ${tag}`, password: PASSWORD },
    });
    expect(elsewhere.ok()).toBe(true);

    await accept(page, first.path, `Ann ${tag}`);
    const sessions = await openAccountPage(page, 'Your sessions');
    await expect(sessions.getByRole('cell', { name: /\(this browser\)$/ })).toBeVisible();
    await expect(sessions.getByRole('button', { name: 'End session' })).toHaveCount(0);

    // The owner disables Ann; her screen's next read finds no session and shows the sign-in.
    const { accounts } = (await (await owner.request.get('/api/admin/users')).json()) as {
      accounts: { id: number; name: string }[];
    };
    const ann = accounts.find((account) => account.name === `Ann ${tag}`)!;
    await owner.request.patch(`/api/admin/users/${ann.id}`, { data: { disabled: true } });
    await page.getByRole('button', { name: /^Account: / }).click();
    await page.getByRole('menuitem', { name: 'Security' }).click();
    await expect(page.getByRole('heading', { name: 'Admin Sign In' })).toBeVisible();

    await page.getByRole('button', { name: 'Sign in with e-mail' }).click();
    await page.getByLabel('E-mail').fill(next.email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    const theirs = await openAccountPage(page, 'Your sessions');
    await expect(theirs.getByRole('cell', { name: /\(this browser\)$/ })).toBeVisible();
    await expect(theirs.getByRole('button', { name: 'End session' })).toHaveCount(1);
  } finally {
    const { accounts } = (await (await owner.request.get('/api/admin/users')).json()) as {
      accounts: { id: number; name: string }[];
    };
    for (const account of accounts.filter(({ name }) => name.endsWith(tag))) {
      await owner.request.patch(`/api/admin/users/${account.id}`, { data: { disabled: true } });
    }
    await owner.close();
    await other.close();
  }
});

test('the audit log names the account a change was made to, and from which role to which', async ({
  page,
  browser,
}) => {
  const name = `Audra ${uniqueTag('audited')}`;
  await signIn(page);
  const context = await invited(page, browser, name);
  await context.close();
  const { accounts } = (await (await page.request.get('/api/admin/users')).json()) as {
    accounts: { id: number; name: string }[];
  };
  const { id } = accounts.find((account) => account.name === name)!;
  expect(
    (await page.request.patch(`/api/admin/users/${id}`, { data: { role: 'viewer' } })).ok(),
  ).toBe(true);

  const audit = await openTab(page, 'Audit');
  await audit.getByLabel('Action').selectOption('account_changed');
  await expect(
    audit.getByRole('cell', { name: `${name} (account ${id}): role from recruiter to viewer` }),
  ).toBeVisible();
});

test('an owner resets a sign-in: the person is signed out and sets a new password from the mail', async ({
  page,
  browser,
}) => {
  // Two browsers, two mails.
  test.setTimeout(60_000);
  const name = `Reza ${uniqueTag('reset')}`;
  const email = `${uniqueTag('reset')}@example.com`;
  await signIn(page);
  const context = await invited(page, browser, name, email);
  const reza = context.pages()[0]!;

  const accounts = await openTab(page, 'Accounts');
  await accounts.getByRole('button', { name: `Reset sign-in of ${name}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('until then they cannot sign in');
  await dialog.getByRole('button', { name: 'Reset sign-in', exact: true }).click();
  await expectToast(
    page,
    'Sign-in reset',
    `${name} is signed out; a link to choose a new password or passkey is on its way.`,
  );
  await reza.reload();
  await expect(reza.getByRole('heading', { name: 'Admin Sign In' })).toBeVisible();

  await reza.goto(await invitationPath(email, 1));
  await expect(reza.getByRole('heading', { name: 'Choose how you sign in' })).toBeVisible();
  await expect(reza.getByLabel('Your name')).toHaveCount(0);
  await reza.getByLabel('Password').fill('a new and steady harbour light');
  await reza.getByRole('button', { name: 'Set password' }).click();
  await expect(reza.getByRole('heading', { name: 'Lead Dashboard' })).toBeVisible();
  await expect(reza.getByRole('button', { name: `Account: ${name}` })).toBeVisible();
  await context.close();
});
