import { test } from './fixtures';
import { axeViolations } from './support/site';
import { expect, openTab, signIn, tabNamed, toast, uniqueTag } from './support/admin';
import { formSubmit, toastItem } from './support/lead-forms';
import { botApplication, rowOf } from './support/quarantine';

test.describe.configure({ timeout: 120_000 });

test('the Quarantine tab lists a bot’s form with its reason; Release (by keyboard) makes it a lead', async ({
  page,
}) => {
  const email = `${uniqueTag('release')}@example.com`;
  await botApplication(page.request, email);
  await signIn(page);
  await expect(tabNamed(page, 'Quarantine')).toHaveText(/^Quarantine[\d,]+$/);
  const panel = await openTab(page, 'Quarantine');
  const row = rowOf(page, email);
  // The form by the name the lead's detail gives it, not its code.
  await expect(row.getByRole('cell', { name: 'Application form', exact: true })).toBeVisible();
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
