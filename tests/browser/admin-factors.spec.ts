import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { request, type Page } from '@playwright/test';
import SqliteDatabase from 'better-sqlite3';
import { generate } from 'otplib';
import { SQLITE_FILE_NAME } from '../../src/server/platform/database/connection';
import { E2E_ADMIN_ENV, E2E_ADMIN_PASSWORD } from '../support/e2e';
import { freePort } from '../support/ports';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { readableMail, startLocalSmtp, type LocalSmtp } from '../support/smtp';
import { test } from './fixtures';
import { expect, openAccountPage, pressWhileHeld, toast, uniqueTag } from './support/admin';
import { holdRequests } from './support/lead-forms';

/*
 * Second factors in the browser (issue 22): a passkey registered and used with Chromium's virtual
 * authenticator, then an authenticator app set up and its code asked at the next password
 * sign-in; and an invitee who registers a passkey instead of a password (decision 156), confirms
 * with it and renames it. The
 * owner gets factors, so this runs on a server of its own; WebAuthn refuses an IP address as the
 * relying party, so the site is http://localhost.
 */

let server: ServerProcess | undefined;
let smtp: LocalSmtp | undefined;
let base = '';
let dataDir = '';
const INVITED = `${uniqueTag('passkey-invitee')}@example.com`;

test.beforeAll(async () => {
  // A server start and an owner's sign-in on a busy machine.
  test.setTimeout(90_000);
  const port = await freePort();
  base = `http://localhost:${port}`;
  smtp = await startLocalSmtp();
  dataDir = await mkdtemp(path.join(tmpdir(), 'tb-e2e-factors-'));
  server = await startServerProcess(
    {
      DATA_DIR: dataDir,
      ...E2E_ADMIN_ENV,
      SITE_URL: base,
      SMTP_URL: smtp.url,
    },
    { port, built: true },
  );
  // Invited now, while the owner signs in with the password alone: the first test adds factors.
  const owner = await request.newContext({ baseURL: base });
  await owner.post('/api/admin/login', { data: { password: E2E_ADMIN_PASSWORD } });
  const invited = await owner.post('/api/admin/users', {
    data: { email: INVITED, role: 'recruiter' },
  });
  expect(invited.status()).toBe(201);
  await owner.dispose();
});

test.afterAll(async () => {
  server?.child.kill('SIGTERM');
  await server?.exited;
  await smtp?.close();
});

/** Chromium's virtual authenticator (DevTools protocol): a platform passkey that verifies. */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
}

/** Five minutes on for `email`'s sessions (null: the owner's): a change asks to confirm again. */
function outlastConfirmation(email: string | null) {
  const file = new SqliteDatabase(path.join(dataDir, SQLITE_FILE_NAME));
  file.pragma('busy_timeout = 5000');
  file
    .prepare(
      `UPDATE admin_sessions SET created_at = ?, confirmed_at = NULL
       WHERE account_id = (SELECT id FROM admin_accounts WHERE email IS ?)`,
    )
    .run(new Date(Date.now() - 6 * 60_000).toISOString(), email);
  file.close();
}

test('a passkey signs in without a password; an authenticator app is asked after it', async ({
  page,
  consoleGuard,
}) => {
  test.setTimeout(90_000);
  // The wrong and the used code are refused (400 at the set-up, 401 at the sign-in).
  consoleGuard.allow(/status of 40[01] \((Bad Request|Unauthorized)\)/);
  await addVirtualAuthenticator(page);
  const dashboard = page.getByRole('heading', { name: 'Lead Dashboard' });

  // The spec's sign-in: the owner has no factor yet, the password alone.
  await page.goto(`${base}/admin`);
  await page.getByLabel('Password').fill(E2E_ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(dashboard).toBeVisible();

  await openAccountPage(page, 'Security');
  await page.getByLabel('Passkey name').fill('Work laptop');
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(toast(page, 'Passkey added')).toBeVisible();
  await expect(page.getByText('Work laptop')).toBeVisible();

  await page.getByRole('button', { name: 'Logout' }).click();
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(dashboard).toBeVisible();

  // An authenticator app, confirmed by its first code; the recovery codes are shown once.
  await openAccountPage(page, 'Security');
  // By keyboard: while it starts, the button keeps the focus (and ignores a press).
  const setUp = page.getByRole('button', { name: 'Set up an authenticator app' });
  await pressWhileHeld(page, '**/api/admin/totp', setUp);
  await expect(
    page.getByRole('img', { name: "QR code of the authenticator app's secret" }),
  ).toBeVisible();
  // The button gone, the focus is on what to do next, not on the page.
  await expect(page.getByText(/^Scan this QR code/)).toBeFocused();
  const secret = (await page.locator('code').first().textContent()) ?? '';
  // A mistyped code: the toast says what failed, and why.
  const setUpField = page.getByLabel('Code from the app');
  await setUpField.fill('000000');
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(toast(page, 'Authenticator app not set up')).toContainText('Incorrect code');
  const setUpCode = await generate({ secret });
  await setUpField.fill(setUpCode);
  await page.getByRole('button', { name: 'Turn on' }).click();
  const codes = page.getByRole('region', { name: 'Recovery codes' });
  await expect(codes.getByRole('listitem')).toHaveCount(10);
  const first = (await codes.getByRole('listitem').first().textContent()) ?? '';
  await expect(codes).toBeFocused();
  await page.getByRole('button', { name: 'I saved them' }).click();
  await expect(page.getByText('On. 10 recovery codes left.')).toBeVisible();
  const newCodes = page.getByRole('button', { name: 'New recovery codes' });
  await expect(newCodes).toBeFocused();
  // New codes by keyboard: the focus goes to them (a screen reader reads them), not left behind.
  await page.keyboard.press('Enter');
  await expect(toast(page, 'New recovery codes')).toBeVisible();
  await expect(codes.getByRole('listitem').first()).not.toHaveText(first);
  await expect(codes).toBeFocused();
  await page.getByRole('button', { name: 'I saved them' }).click();
  await expect(newCodes).toBeFocused();

  // The password is no longer enough: the app's next code completes the sign-in.
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.getByLabel('Password').fill(E2E_ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Use a passkey' })).toBeVisible();
  // No code: Verify says so, on the field it focuses.
  const code = page.getByLabel('Authentication code or recovery code');
  await page.getByRole('button', { name: 'Verify' }).focus();
  await page.keyboard.press('Enter');
  await expect(code).toBeFocused();
  await expect(code).toHaveAccessibleDescription(
    'Authentication code or recovery code is required',
  );
  // The app still shows the set-up's code: it was used, so the answer says to wait.
  await code.fill(setUpCode);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(toast(page, 'Authentication Failed')).toContainText(
    'This code was already used: wait for your app’s next code',
  );
  const next = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
  await code.fill(next);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(dashboard).toBeVisible();

  // Removed by keyboard: while it goes, Remove keeps the focus (and ignores a press).
  await openAccountPage(page, 'Security');
  const remove = page.getByRole('button', { name: 'Remove passkey Work laptop' });
  await pressWhileHeld(page, '**/api/admin/passkeys/*', remove);
  await expect(toast(page, 'Passkey removed')).toBeVisible();
  await expect(remove).toHaveCount(0);
  await expect(page.getByLabel('Passkey name')).toBeFocused();

  // Past the five minutes, a wrong password is refused (401) and the session goes on.
  outlastConfirmation(null);
  await page.reload();
  await openAccountPage(page, 'Security');
  const confirmation = page.getByRole('region', { name: 'Confirm it’s you' });
  await confirmation.getByLabel('Current password').fill('not-the-password');
  const sessionRead = page.waitForResponse('**/api/admin/session');
  await confirmation.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(toast(page, 'Not confirmed')).toBeVisible();
  await expect(confirmation).toBeVisible();
  // The session read again says it goes on: still signed in.
  await sessionRead;
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
});

test('an invitee registers a passkey instead of a password, then signs in with it', async ({
  page,
  consoleGuard,
}) => {
  // A change before the confirmation is refused (403).
  consoleGuard.allow(/status of 403 \(Forbidden\)/);
  await addVirtualAuthenticator(page);
  const link = () => {
    const mail = smtp!.received.find((received) => received.to.includes(INVITED));
    return mail && /\/admin\/invite\?token=[\w-]+/.exec(readableMail(mail))?.[0];
  };
  await expect.poll(link, { timeout: 15_000 }).toBeDefined();
  await page.goto(`${base}${link()}`);
  // No name yet: the field takes the focus and says so.
  const name = page.getByLabel('Your name');
  const usePasskey = page.getByRole('button', { name: 'Use a passkey instead of a password' });
  await usePasskey.focus();
  await page.keyboard.press('Enter');
  await expect(name).toBeFocused();
  await expect(name).toHaveAccessibleDescription('Enter your name.');
  await name.fill('Pat Passkey');
  // By keyboard: while it registers, the button keeps the focus (and ignores a press), and
  // "Create account" waits too.
  const held = await holdRequests(page, '**/api/admin/invitation/passkey-options');
  await usePasskey.focus();
  await page.keyboard.press('Enter');
  const registering = page.getByRole('button', { name: 'Registering passkey...' });
  await expect(registering).toBeDisabled();
  await expect(registering).toBeFocused();
  await expect(page.getByRole('button', { name: 'Create account' })).toBeDisabled();
  held.release();
  const dashboard = page.getByRole('heading', { name: 'Lead Dashboard' });
  await expect(dashboard).toBeVisible();

  await page.getByRole('button', { name: 'Logout' }).click();
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(dashboard).toBeVisible();
  await openAccountPage(page, 'Security');
  // Named after the device it was registered on.
  const deviceName = page.getByText(/^Chrome on /);
  await expect(deviceName).toBeVisible();
  const device = (await deviceName.textContent()) ?? '';

  // Past the five minutes, a change asks to confirm: with the passkey, no password field.
  outlastConfirmation(INVITED);
  await page.reload();
  await openAccountPage(page, 'Security');
  const confirmation = page.getByRole('region', { name: 'Confirm it’s you' });
  await expect(confirmation).toBeVisible();
  await expect(confirmation.getByLabel('Current password')).toHaveCount(0);
  // A change tried first is refused in words this account can follow: it has no password. On a
  // phone, scrolled down to it, the refusal brings the confirmation into view, focused.
  await page.setViewportSize({ width: 360, height: 560 });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const setUp = page.getByRole('button', { name: 'Set up an authenticator app' });
  await setUp.scrollIntoViewIfNeeded();
  const confirmHeading = confirmation.getByRole('heading', { name: 'Confirm it’s you' });
  await expect(confirmHeading).not.toBeInViewport();
  await setUp.click();
  await expect(page.getByText('Confirm it’s you first', { exact: true })).toBeVisible();
  await expect(confirmHeading).toBeFocused();
  await expect(confirmHeading).toBeInViewport();
  await page.setViewportSize({ width: 1280, height: 720 });
  await confirmation.getByRole('button', { name: 'Confirm with a passkey' }).click();
  await expect(toast(page, 'Confirmed')).toBeVisible();
  await expect(confirmation).toHaveCount(0);

  // Renamed in place with the keyboard; Escape and Save hand the focus back to Rename.
  const rename = page.getByRole('button', { name: `Rename passkey ${device}` });
  await rename.focus();
  await page.keyboard.press('Enter');
  const field = page.getByLabel(`New name of ${device}`);
  await expect(field).toBeFocused();
  await expect(field).toHaveValue(device);
  await page.keyboard.press('Escape');
  await expect(field).toHaveCount(0);
  await expect(rename).toBeFocused();
  await page.keyboard.press('Enter');
  await field.fill('Pat’s laptop');
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Passkey renamed')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Rename passkey Pat’s laptop' })).toBeFocused();
  await expect(page.getByText(/^Chrome on /)).toHaveCount(0);
});
