import type { APIRequestContext, Page } from '@playwright/test';
import { test } from './fixtures';
import { axeViolations } from './support/site';
import { expect, openTab, signIn, tabNamed, toast, uniqueTag } from './support/admin';
import { formSubmit, toastItem } from './support/lead-forms';

test.describe.configure({ timeout: 120_000 });

const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/** A bot's application: answered like a person's, kept in quarantine (decision 095). */
async function botApplication(request: APIRequestContext, email: string) {
  const response = await request.post('/api/candidates/submit', {
    headers: { 'user-agent': BOT },
    data: {
      email,
      firstName: 'Robo',
      lastName: 'Spammer',
      phone: '555-0100',
      location: 'Nowhere, NV',
      educationLevel: 'some-college',
      techExperience: 'some-hardware',
      reason: 'Buy cheap watches.',
    },
  });
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ ok: true });
}

const rowOf = (page: Page, email: string) =>
  page.getByRole('tabpanel').getByRole('row').filter({ hasText: email });

test('the Quarantine tab lists a bot’s form with its reason; Release (by keyboard) makes it a lead', async ({
  page,
}) => {
  const email = `${uniqueTag('release')}@example.com`;
  await botApplication(page.request, email);
  await signIn(page);
  await expect(tabNamed(page, 'Quarantine')).toHaveText(/^Quarantine[\d,]+$/);
  const panel = await openTab(page, 'Quarantine');
  const row = rowOf(page, email);
  await expect(row).toContainText('candidate-application');
  await expect(row).toContainText('Robo Spammer');
  await expect(row).toContainText('Bot user agent');
  expect(await axeViolations(page)).toEqual([]);

  // Not a lead yet: the Candidates tab does not find it.
  const candidates = await openTab(page, 'Candidates', email);
  await expect(candidates.getByRole('row').filter({ hasText: email })).toHaveCount(0);

  await openTab(page, 'Quarantine');
  const release = panel.getByRole('button', { name: `Release ${email}` });
  await release.focus();
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Released').first()).toBeVisible();
  await expect(rowOf(page, email)).toHaveCount(0);
  // The row has gone under the keyboard's focus: it stays in the quarantine's table.
  await expect(panel.locator(':focus')).toHaveCount(1);

  const after = await openTab(page, 'Candidates', email);
  await expect(after.getByRole('row').filter({ hasText: email })).toHaveCount(1);
});

test('Delete asks first, then removes the quarantined form for good', async ({ page }) => {
  const email = `${uniqueTag('delete')}@example.com`;
  await botApplication(page.request, email);
  await signIn(page);
  const panel = await openTab(page, 'Quarantine');
  await expect(rowOf(page, email)).toHaveCount(1);

  await panel.getByRole('button', { name: `Delete ${email}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(
    'Are you sure you want to delete this quarantined submission?',
  );
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(rowOf(page, email)).toHaveCount(1);

  await panel.getByRole('button', { name: `Delete ${email}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Deleted').first()).toBeVisible();
  await expect(rowOf(page, email)).toHaveCount(0);

  // Gone from every tab too: deleting never made it a lead.
  const candidates = await openTab(page, 'Candidates', email);
  await expect(candidates.getByRole('row').filter({ hasText: email })).toHaveCount(0);
});

test('the honeypot: people never reach it; a bot that fills it gets the same success, and is quarantined', async ({
  page,
}) => {
  await page.goto('/career');
  const honeypot = page.locator('input[name="website"]').first();
  await expect(honeypot).toHaveAttribute('tabindex', '-1');
  await expect(honeypot).toHaveAttribute('autocomplete', 'off');
  // Off-screen, and not in the accessibility tree.
  const box = await honeypot.boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(0);
  await expect(page.getByRole('textbox', { name: 'Leave this field empty' })).toHaveCount(0);

  const email = `${uniqueTag('honeypot')}@example.com`;
  await page.getByLabel('Email').fill(email);
  await honeypot.fill('http://cheap-watches.example');
  await formSubmit(page, 'Get Started').click();
  await expect(toastItem(page)).toContainText('Success!');
  await expect(page).toHaveURL(/\/apply$/);

  await signIn(page);
  await openTab(page, 'Quarantine');
  await expect(rowOf(page, email)).toContainText('Filled the hidden field');
});

test('past 100 held forms, Next (by keyboard) reaches the older ones, and Previous comes back', async ({
  page,
}) => {
  const tag = uniqueTag('paged');
  const oldest = `${tag}-oldest@example.com`;
  await botApplication(page.request, oldest);
  // A spam wave of 100 newer ones pushes it off the first page.
  for (let batch = 0; batch < 100; batch += 20) {
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        botApplication(page.request, `${tag}-${batch + i}@example.com`),
      ),
    );
  }
  await signIn(page);
  const panel = await openTab(page, 'Quarantine');
  const pager = panel.getByRole('navigation', { name: 'Pagination' });
  const range = pager.getByText(/^Showing/);
  await expect(rowOf(page, `${tag}-99@example.com`)).toHaveCount(1);
  await expect(range).toHaveText(/^Showing 1–100 of [\d,]+$/);
  await expect(rowOf(page, oldest)).toHaveCount(0);

  const next = pager.getByRole('button', { name: 'Next' });
  await next.focus();
  await page.keyboard.press('Enter');
  await expect(rowOf(page, oldest)).toContainText('Bot user agent');
  await expect(range).toHaveText(/^Showing 101–[\d,]+ of [\d,]+$/);
  // The pressed button keeps the keyboard's place.
  await expect(next).toBeFocused();
  expect(await axeViolations(page)).toEqual([]);

  await page.keyboard.press('Shift+Tab');
  await expect(pager.getByRole('button', { name: 'Previous' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(range).toHaveText(/^Showing 1–100 of /);
  await expect(rowOf(page, oldest)).toHaveCount(0);

  // The page is in the URL, like a lead list's: a reload, and Back from another tab, keep it.
  await next.click();
  await expect(page).toHaveURL(/tab=quarantine&offset=100$/);
  await page.reload();
  await expect(range).toHaveText(/^Showing 101–/);
  await openTab(page, 'Candidates');
  await page.goBack();
  await expect(tabNamed(page, 'Quarantine')).toHaveAttribute('aria-selected', 'true');
  await expect(range).toHaveText(/^Showing 101–/);
});

test('a page past the last one (its rows released, an old link) shows the last page with rows', async ({
  page,
}) => {
  await botApplication(page.request, `${uniqueTag('past')}@example.com`);
  await signIn(page);
  await page.goto('/admin?tab=quarantine&offset=100000');
  const pager = page.getByRole('tabpanel').getByRole('navigation', { name: 'Pagination' });
  // The range ends at the count: the last page, not "Showing 100,001–100,000".
  await expect(pager.getByText(/^Showing/)).toHaveText(/^Showing [\d,]+–([\d,]+) of \1$/);
  await expect(page).not.toHaveURL(/offset=100000/);
});
