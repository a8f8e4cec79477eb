import type { Locator, Page } from '@playwright/test';
import { test } from './fixtures';
import { axeViolations } from './support/site';
import { expect, exportedCsv, lead, openTab, searchFor, signIn, uniqueTag } from './support/admin';

test.describe.configure({ timeout: 120_000 });

const detailPanel = (page: Page) => page.getByRole('dialog');

/** Tabs (the keyboard only) to the row's detail button and opens it with Enter. */
async function openDetailByKeyboard(page: Page, button: Locator) {
  await page.getByRole('searchbox').focus();
  for (let step = 0; step < 30; step++) {
    if (await button.evaluate((element) => element === document.activeElement)) break;
    await page.keyboard.press('Tab');
  }
  await expect(button).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(detailPanel(page)).toBeVisible();
}

test('a row opens its detail by keyboard, with a URL of its own that reloads and goes back', async ({
  page,
}) => {
  const tag = uniqueTag('detail');
  const email = `${tag}@example.com`;
  await lead.email(page.request, email, {
    page: '/career',
    variant: 'free_training',
    utmSource: 'newsletter',
    utmMedium: 'email',
    utmCampaign: 'spring',
    utmTerm: 'technician',
    utmContent: 'hero',
    referrer: 'https://news.example/post',
    fbclid: 'IwAR-detail.9',
  });
  await lead.application(page.request, email);
  await signIn(page);
  const panel = await openTab(page, 'Candidates', tag);
  const open = panel.getByRole('button', { name: 'Open details of Grace Hopper' });
  await openDetailByKeyboard(page, open);

  const dialog = detailPanel(page);
  await expect(dialog.getByRole('heading', { name: 'Grace Hopper' })).toBeVisible();
  // Beside the list's own tab (list-url.ts); its search is in no URL.
  await expect(page).toHaveURL(new RegExp(`/admin\\?tab=candidates&candidate=\\d+$`));
  const id = new URL(page.url()).searchParams.get('candidate');
  for (const text of [
    email,
    '555-0101',
    'Austin, TX',
    'Some college',
    'Some hardware: I have built or repaired PCs',
    'I like hardware.',
    '/career',
    'free_training',
    'newsletter',
    'spring',
    'technician',
    'hero',
    'https://news.example/post',
    'Meta click id (fbclid)',
    'IwAR-detail.9',
  ]) {
    await expect(dialog).toContainText(text);
  }
  await expect(dialog.getByRole('heading', { name: 'Timeline' })).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: 'Status' })).toHaveValue('new');
  expect(await axeViolations(page)).toEqual([]);

  // Escape closes it, the param goes, and focus is back on the row's button.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/admin\?tab=candidates$/);
  await expect(page.getByRole('searchbox')).toHaveValue(tag);
  await expect(open).toBeFocused();

  // The URL opens it again, after a reload too; Back leaves it.
  await page.goto(`/admin?candidate=${id}`);
  await expect(detailPanel(page).getByRole('heading', { name: 'Grace Hopper' })).toBeVisible();
  await page.reload();
  await expect(detailPanel(page).getByRole('heading', { name: 'Grace Hopper' })).toBeVisible();
  await detailPanel(page).getByRole('button', { name: 'Close' }).click();
  await expect(detailPanel(page)).toHaveCount(0);
  await expect(page).toHaveURL(/\/admin$/);

  await openTab(page, 'Candidates', tag);
  await page.getByRole('button', { name: 'Open details of Grace Hopper' }).click();
  await expect(page).toHaveURL(new RegExp(`candidate=${id}$`));
  await page.goBack();
  await expect(detailPanel(page)).toHaveCount(0);
  await expect(page).toHaveURL(/\/admin\?tab=candidates$/);
  await expect(page.getByRole('searchbox')).toHaveValue(tag);
});

test('a company lead opens at /admin?company=<id>', async ({ page }) => {
  const tag = uniqueTag('codetail');
  await lead.companyRequest(page.request, `${tag}@example.com`, `${tag} Racks`);
  await signIn(page);
  const panel = await openTab(page, 'Companies', tag);
  await panel.getByRole('button', { name: `Open details of ${tag} Racks` }).click();
  const dialog = detailPanel(page);
  await expect(page).toHaveURL(/\/admin\?tab=companies&company=\d+$/);
  for (const text of [
    'Katherine Johnson',
    'Head of Operations',
    'Midsize (201-1000)',
    'Ten technicians.',
    'Soon (3-6 months)',
  ]) {
    await expect(dialog).toContainText(text);
  }
  await expect(dialog.getByRole('combobox', { name: 'Status' }).locator('option')).toHaveText([
    'New',
    'Contacted',
    'In discussion',
    'Partner',
    'Not a fit',
    'Withdrawn',
  ]);
});

test('an unknown lead in the URL says it does not exist', async ({ page, consoleGuard }) => {
  consoleGuard.allow(/status of 404/);
  await signIn(page);
  await page.goto('/admin?candidate=999999999');
  await expect(detailPanel(page)).toContainText('This lead does not exist');
});

test('the status changes in the detail, shows in the list and stays after a reload', async ({
  page,
}) => {
  const tag = uniqueTag('status');
  await lead.application(page.request, `${tag}@example.com`);
  await signIn(page);
  const panel = await openTab(page, 'Candidates', tag);
  const row = panel.locator('tbody tr');
  await expect(row).toContainText('New');
  await panel.getByRole('button', { name: 'Open details of Grace Hopper' }).click();
  const dialog = detailPanel(page);
  await dialog.getByRole('combobox', { name: 'Status' }).selectOption('qualified');
  await dialog.getByRole('button', { name: 'Change status' }).click();
  await page
    .getByRole('dialog', { name: 'Change status to Qualified' })
    .getByRole('button', { name: 'Change and send' })
    .click();
  await expect(dialog.getByRole('status')).toHaveText(
    'Status changed to Qualified. Its message goes to the person.',
  );
  // Its message's "e-mailed" entry may come after it in the timeline, once the outbox sent it.
  await expect(
    dialog.getByRole('listitem').filter({ hasText: 'Status changed from New to Qualified' }),
  ).toHaveCount(1);

  await page.reload();
  await expect(detailPanel(page).getByRole('combobox', { name: 'Status' })).toHaveValue(
    'qualified',
  );
  await page.keyboard.press('Escape');
  const list = await openTab(page, 'Candidates', tag);
  await expect(list.locator('tbody tr')).toContainText('Qualified');
});

test('a note is added and shows once, in the Notes panel', async ({ page }) => {
  const tag = uniqueTag('note');
  await lead.typeform(page.request, `${tag}@example.com`);
  await signIn(page);
  const panel = await openTab(page, 'Typeform Leads', tag);
  await panel.getByRole('button', { name: 'Open details of Ada Lovelace' }).click();
  const dialog = detailPanel(page);
  const note = dialog.getByLabel('Add a note');

  await dialog.getByRole('button', { name: 'Add note' }).click();
  await expect(dialog.getByText('Please write a note of 1 to 5000 characters')).toBeVisible();
  await expect(note).toHaveAttribute('aria-invalid', 'true');

  const text = `Called ${tag}: call back on Monday.`;
  await note.fill(text);
  await dialog.getByRole('button', { name: 'Add note' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Note added.');
  await expect(note).toHaveValue('');
  await page.reload();
  const notes = detailPanel(page).getByRole('list', { name: 'Notes, newest first' });
  await expect(notes.getByRole('listitem')).toHaveText([new RegExp(text)]);
  await expect(detailPanel(page).getByText(text)).toHaveCount(1);
  await expect(detailPanel(page).getByRole('region', { name: 'Timeline' })).toContainText(
    'Created',
  );
});

test('the status filter of a tab lists the leads of that status', async ({ page }) => {
  const tag = uniqueTag('filter');
  await lead.companyRequest(page.request, `${tag}-a@example.com`, `${tag} Alpha`);
  await lead.companyRequest(page.request, `${tag}-b@example.com`, `${tag} Beta`);
  await signIn(page);
  const panel = await openTab(page, 'Companies', tag);
  await expect(panel.locator('tbody tr')).toHaveCount(2);
  await panel.getByRole('button', { name: `Open details of ${tag} Beta` }).click();
  await detailPanel(page).getByRole('combobox', { name: 'Status' }).selectOption('partner');
  await detailPanel(page).getByRole('button', { name: 'Change status' }).click();
  await page
    .getByRole('dialog', { name: 'Change status to Partner' })
    .getByRole('button', { name: 'Change and send' })
    .click();
  await expect(detailPanel(page).getByRole('status')).toHaveText(
    'Status changed to Partner. Its message goes to the person.',
  );
  await page.keyboard.press('Escape');

  const filter = panel.getByRole('combobox', { name: 'Status' });
  await filter.selectOption('partner');
  await searchFor(panel, tag);
  await expect(panel.locator('tbody tr')).toHaveCount(1);
  await expect(panel.locator('tbody tr')).toContainText(`${tag} Beta`);
  // Export to CSV exports what the filter shows.
  const csv = await exportedCsv(page);
  expect(csv).toContain(`${tag} Beta`);
  expect(csv).not.toContain(`${tag} Alpha`);
  await filter.selectOption('new');
  await expect(panel.getByRole('region')).toHaveAttribute('aria-busy', 'false');
  await expect(panel.locator('tbody tr')).toHaveCount(1);
  await expect(panel.locator('tbody tr')).toContainText(`${tag} Alpha`);
  await filter.selectOption('not_a_fit');
  await expect(panel.getByText('No leads match this search.')).toBeVisible();
});

test('the detail keeps what each form said, oldest first, after a later form changed the lead', async ({
  page,
}) => {
  const tag = uniqueTag('forms');
  const email = `${tag}@example.com`;
  await lead.email(page.request, email, { page: '/career', utmCampaign: 'spring' });
  await lead.application(page.request, email, 'Hopper');
  await lead.application(page.request, email, 'Murray');
  await signIn(page);
  const panel = await openTab(page, 'Candidates', tag);
  await panel.getByRole('button', { name: 'Open details of Grace Murray' }).click();

  const forms = detailPanel(page)
    .getByRole('listitem')
    .filter({ has: page.locator('summary') });
  await expect(forms).toHaveCount(3);
  await expect(forms.locator('summary')).toHaveText([
    /^E-mail form · /,
    /^Application form · /,
    /^Application form · /,
  ]);
  // Closed until asked; each opens by keyboard and shows its own values as they came.
  const first = forms.nth(0);
  await expect(first.getByText('spring')).toBeHidden();
  await first.locator('summary').focus();
  await page.keyboard.press('Enter');
  await expect(first).toContainText('UTM campaign');
  await expect(first).toContainText('spring');
  await expect(first).toContainText('/career');
  await forms.nth(1).locator('summary').click();
  await forms.nth(2).locator('summary').click();
  await expect(forms.nth(1)).toContainText('Hopper');
  await expect(forms.nth(1)).toContainText('Some college');
  await expect(forms.nth(2)).toContainText('Murray');
  await expect(forms.nth(2)).not.toContainText('Hopper');
  expect(await axeViolations(page)).toEqual([]);
});

test("a stranger's form waits as unverified changes until the team discards it", async ({
  page,
  playwright,
}) => {
  const tag = uniqueTag('unverified');
  const email = `${tag}@example.com`;
  await lead.application(page.request, email);
  // Another browser: it holds no proof of this lead (decision 176).
  const stranger = await playwright.request.newContext({
    baseURL: test.info().project.use.baseURL,
  });
  await lead.application(stranger, email, 'Mallory');
  await stranger.dispose();
  await signIn(page);
  const panel = await openTab(page, 'Candidates', tag);
  await expect(panel.getByText('Unverified changes')).toBeVisible();
  await panel.getByRole('button', { name: 'Open details of Grace Hopper' }).click();
  const dialog = detailPanel(page);
  await expect(
    dialog.getByRole('heading', {
      name: 'Changed from a browser we could not confirm: call to check',
    }),
  ).toBeVisible();
  await expect(dialog.getByText('· From a browser we could not confirm')).toBeVisible();
  await dialog.getByRole('button', { name: 'Discard changes' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Changes discarded.');
  await expect(dialog.getByRole('button', { name: 'Discard changes' })).toHaveCount(0);
  await expect(dialog.getByRole('heading', { name: 'Grace Hopper' })).toBeVisible();
});
