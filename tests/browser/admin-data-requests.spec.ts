import { readFile } from 'node:fs/promises';
import type { PersonReport } from '../../src/shared/admin-person';
import { test } from './fixtures';
import { axeViolations } from './support/site';
import {
  expect,
  focusedDialog,
  lead,
  openTab,
  ownerTakesCalls,
  pressWhileHeld,
  signIn,
  toast,
  uniqueTag,
} from './support/admin';

test.describe.configure({ timeout: 120_000 });
test.beforeAll(({ browser }, { project }) => ownerTakesCalls(browser, project.use.baseURL));

test('Data requests: find an address, download its JSON, erase it after a confirmation', async ({
  page,
}) => {
  const email = `${uniqueTag('subject')}@example.com`;
  const other = `${uniqueTag('bystander')}@example.com`;
  await lead.typeform(page.request, email);
  await lead.questionnaire(page.request, email);
  // The subject books their screening call (this browser holds their form proof) and cancels
  // it: a call ahead would be cancelled in their calendar by the erasure, by mail, after it.
  const { slots } = await (await page.request.get('/api/booking')).json();
  const booked = await page.request.post('/api/booking', { data: { start: slots[4].start } });
  expect(booked.status()).toBe(201);
  expect((await page.request.post('/api/booking/cancel', { data: {} })).status()).toBe(200);
  await lead.typeform(page.request, other);
  await signIn(page);
  const panel = await openTab(page, 'People');
  const field = panel.getByLabel('Person’s e-mail address');

  // A bad address is named on the field; nothing is looked up.
  await field.fill('not-an-address');
  await field.press('Enter');
  await expect(panel.getByText('Please enter a valid email address')).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');

  await field.fill(` ${email.toUpperCase()} `);
  // The address goes in the body, never in a URL (a URL is logged on its way).
  const lookup = page.waitForRequest((request) =>
    request.url().includes('/api/admin/data-subject'),
  );
  await field.press('Enter');
  const sent = await lookup;
  expect([sent.method(), new URL(sent.url()).search]).toEqual(['POST', '']);
  expect(sent.postDataJSON()).toEqual({ email: email.toUpperCase() });
  const found = panel.getByRole('heading', { name: `Stored about ${email}` });
  await expect(found).toBeFocused();
  const summary = panel.getByRole('definition');
  await expect(summary.first()).toHaveText('1'); // candidate records
  await expect(panel.getByText('Form submissions (history)')).toBeVisible();
  // Their call, as in their own download.
  const called = panel.getByText('Screening calls booked');
  await expect(called.locator('xpath=following-sibling::dd[1]')).toHaveText('1');
  expect(await axeViolations(page)).toEqual([]);

  const downloading = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Download JSON' }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toMatch(/^data-request-\d{4}-\d{2}-\d{2}\.json$/);
  const report = JSON.parse(await readFile(await file.path(), 'utf8')) as PersonReport;
  expect(report.email).toBe(email);
  expect(report.candidates.map((row) => row.email)).toEqual([email]);
  expect(report.submissions.map((row) => row.form).sort()).toEqual([
    'candidate-basic-info',
    'questionnaire',
  ]);
  expect(report.calls.map((call) => call.slot_start)).toEqual([slots[4].start]);
  expect(JSON.stringify(report)).not.toContain(other);

  // Erasure asks first, naming what will go. By keyboard: Escape keeps everything and returns
  // the focus to the button; Enter opens the dialog again, Tab reaches the confirmation.
  const erase = panel.getByRole('button', { name: 'Erase everything…' });
  await erase.focus();
  await page.keyboard.press('Enter');
  const dialog = await focusedDialog(page);
  await expect(dialog).toContainText(
    `Everything stored about ${email} will be erased for good: Candidate records: 1, Form submissions (history): 2`,
  );
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(erase).toBeFocused();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog').getByRole('button', { name: 'Erase everything' });
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(confirm).toBeFocused();
  // While it erases, the focus is back on Erase, which ignores a press.
  await pressWhileHeld(page, '**/api/admin/data-subject', confirm, erase);
  await expect(toast(page, 'Erased').first()).toBeVisible();
  await expect(
    panel.getByRole('heading', { name: `Erased everything stored about ${email}` }),
  ).toBeFocused();
  await expect(panel).toContainText('Candidate records: 1, Form submissions (history): 2');

  await field.fill(email);
  await field.press('Enter');
  await expect(
    panel.getByRole('heading', { name: `Nothing is stored about ${email}` }),
  ).toBeVisible();
  const candidates = await openTab(page, 'Typeform Leads', email);
  await expect(candidates.getByRole('row').filter({ hasText: email })).toHaveCount(0);
  const kept = await openTab(page, 'Typeform Leads', other);
  await expect(kept.getByRole('row').filter({ hasText: other })).toHaveCount(1);
});
