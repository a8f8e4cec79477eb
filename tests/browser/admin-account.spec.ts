import { request as playwrightRequest, type Page } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from '../support/e2e';
import { test } from './fixtures';
import { expect, openAccountPage, ownServer, signIn, toast } from './support/admin';

test.describe.configure({ timeout: 120_000 });

/** "Sign out everywhere", in the account's menu beside Logout. */
async function signOutEverywhere(page: Page) {
  await page.getByRole('button', { name: /^Account: / }).click();
  await page.getByRole('menuitem', { name: 'Sign out everywhere' }).click();
}

test.describe('sign out everywhere', () => {
  // Its own server: on the shared one it would end the sessions of the tests running beside it.
  const server = ownServer();

  test('ends the other sessions, says how many, and keeps this one', async ({ page }) => {
    const { baseUrl } = server();
    const others = await Promise.all(
      [1, 2].map(async () => {
        const context = await playwrightRequest.newContext({ baseURL: baseUrl });
        const login = await context.post('/api/admin/login', {
          data: { password: E2E_ADMIN_PASSWORD },
        });
        expect(login.ok()).toBe(true);
        expect((await context.get('/api/candidate-submissions')).status()).toBe(200);
        return context;
      }),
    );
    await signIn(page, baseUrl);
    await signOutEverywhere(page);
    await expect(toast(page, 'Signed Out Everywhere').first()).toContainText(
      '2 other sessions were ended. This one stays signed in.',
    );
    for (const context of others) {
      expect((await context.get('/api/candidate-submissions')).status()).toBe(401);
      await context.dispose();
    }
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Lead Dashboard' })).toBeVisible();
    await signOutEverywhere(page);
    await expect(toast(page, 'Signed Out Everywhere').first()).toContainText(
      '0 other sessions were ended.',
    );
  });
});

test.describe('a session ended from another one', () => {
  const server = ownServer();

  test('brings the sign-in form back saying why; signed in again, the focus is on the dashboard', async ({
    page,
    consoleGuard,
  }) => {
    consoleGuard.allow(/status of 401/);
    const { baseUrl } = server();
    await signIn(page, baseUrl);
    const other = await playwrightRequest.newContext({ baseURL: baseUrl });
    await other.post('/api/admin/login', { data: { password: E2E_ADMIN_PASSWORD } });
    expect((await other.post('/api/admin/sign-out-everywhere')).ok()).toBe(true);
    await other.dispose();

    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(page.getByRole('heading', { name: 'Admin Sign In' })).toBeVisible();
    await expect(page.getByRole('status')).toHaveText(
      'You were signed out from another session. Sign in again.',
    );
    // By keyboard: signed in, the dashboard's heading has the focus, and Tab goes on from it.
    await page.getByLabel('Password').fill(E2E_ADMIN_PASSWORD);
    await page.getByLabel('Password').press('Enter');
    const heading = page.getByRole('heading', { name: 'Lead Dashboard' });
    await expect(heading).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('searchbox')).toBeFocused();
    await expect(page.getByText('You were signed out')).toHaveCount(0);
  });
});

test.describe('your sessions after signing out everywhere', () => {
  const server = ownServer();

  test('Refresh lists a new sign-in; signing out everywhere drops the ended ones at once', async ({
    page,
  }) => {
    const { baseUrl } = server();
    await signIn(page, baseUrl);
    const sessions = await openAccountPage(page, 'Your sessions');
    await expect(sessions.getByRole('row')).toHaveCount(2);
    const other = await playwrightRequest.newContext({ baseURL: baseUrl });
    await other.post('/api/admin/login', { data: { password: E2E_ADMIN_PASSWORD } });
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(sessions.getByRole('button', { name: 'End session' })).toHaveCount(1);
    await signOutEverywhere(page);
    await expect(toast(page, 'Signed Out Everywhere').first()).toContainText(
      '1 other session was ended.',
    );
    await expect(sessions.getByRole('row')).toHaveCount(2);
    await expect(sessions.getByRole('button', { name: 'End session' })).toHaveCount(0);
    await other.dispose();
  });
});
