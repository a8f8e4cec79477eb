import { test } from './fixtures';
import { axeViolations } from './support/site';
import { expect, exportedCsv, lead, openTab, signIn, uniqueTag } from './support/admin';

test.describe.configure({ timeout: 120_000 });

test('a lead assigned from its detail shows under "My leads"', async ({ page }) => {
  const tag = uniqueTag('assign');
  await lead.application(page.request, `${tag}@example.com`, `${tag}Mine`);
  await lead.application(page.request, `${tag}-other@example.com`, `${tag}Other`);
  await signIn(page);
  const panel = await openTab(page, 'Candidates', tag);
  await expect(panel.locator('tbody tr')).toHaveCount(2);

  await panel.getByRole('button', { name: `Open details of Grace ${tag}Mine` }).click();
  const dialog = page.getByRole('dialog');
  const assignee = dialog.getByRole('combobox', { name: 'Assignee' });
  await expect(assignee).toHaveValue('');
  // The signed-in owner is account "Owner" (the founding account).
  await assignee.selectOption({ label: 'Owner' });
  await dialog.getByRole('button', { name: 'Assign' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Assigned to Owner.');
  await expect(dialog).toContainText('Assigned to Owner');
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');

  await panel.getByRole('checkbox', { name: 'My leads' }).check();
  await expect(panel.locator('tbody tr')).toHaveCount(1);
  await expect(panel.locator('tbody tr')).toContainText(`${tag}Mine`);
  // Export to CSV exports the leads on screen: the recruiter's own, not the others'.
  const csv = await exportedCsv(page);
  expect(csv).toContain(`${tag}Mine`);
  expect(csv).not.toContain(`${tag}Other`);
  await panel.getByRole('checkbox', { name: 'My leads' }).uncheck();
  await expect(panel.locator('tbody tr')).toHaveCount(2);
});
