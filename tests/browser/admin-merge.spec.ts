import { test } from './fixtures';
import { axeViolations } from './support/site';
import { expect, lead, openTab, searchFor, signIn, uniqueTag } from './support/admin';

test.describe.configure({ timeout: 120_000 });

test('the detail lists a possible duplicate and merges it, field by field, keeping both addresses', async ({
  page,
}) => {
  const tag = uniqueTag('merge');
  // The same person twice: an application, and later an e-mail spelt another way on Gmail.
  const phone = `555-${String(Date.now() % 10_000_000).padStart(7, '0')}`;
  const first = `${tag}.grace@gmail.com`;
  await lead.application(page.request, first, tag, phone);
  const later = `${tag}Grace+jobs@gmail.com`;
  await lead.email(page.request, later);
  await signIn(page);

  const panel = await openTab(page, 'Candidates', tag);
  await panel.getByLabel('Only possible duplicates').check();
  const table = panel.getByRole('region');
  await expect(table).toHaveAttribute('aria-busy', 'false');
  const open = panel.getByRole('button', { name: 'Open details of Grace' });
  await expect(open).toHaveCount(1);
  await open.click();

  const detail = page.getByRole('dialog', { name: /^Grace / });
  const section = detail.getByRole('region', { name: 'Possible duplicates' });
  await expect(section).toContainText(later);
  await expect(section).toContainText('same e-mail');
  const merge = section.getByRole('button', { name: /^Merge lead #\d+ into this lead$/ });
  const otherId = Number((await merge.getAttribute('aria-label'))?.match(/#(\d+)/)?.[1]);
  await merge.click();

  // Side by side, each differing field a radio group; by default this lead's e-mail stays.
  const confirm = page.getByRole('dialog', { name: 'Merge leads' });
  await expect(confirm).toContainText(`Merge lead #${otherId} (${later}) into this lead?`);
  const email = confirm.getByRole('group', { name: 'Email' });
  const mine = email.getByRole('radio', { name: new RegExp(`^This lead .*: ${first}$`) });
  const theirs = email.getByRole('radio', { name: `Lead #${otherId}: ${later}` });
  await expect(mine).toBeChecked();
  expect(await axeViolations(page)).toEqual([]);
  // The later address wins, chosen with the keyboard.
  await mine.focus();
  await page.keyboard.press('ArrowDown');
  await expect(theirs).toBeChecked();
  await confirm.getByRole('button', { name: 'Merge' }).click();

  await expect(detail.getByRole('status')).toHaveText(`Lead #${otherId} merged into this lead.`);
  await expect(section).toContainText('None found.');
  await expect(detail.getByRole('region', { name: 'Timeline' })).toContainText(
    `Lead #${otherId} merged into this lead`,
  );
  // Both addresses stay: the chosen one the lead's, the other among its other contacts.
  const contact = detail.getByRole('region', { name: 'Contact' });
  await expect(contact).toContainText(later);
  await expect(contact).toContainText(first);
  expect((await page.request.get(`/api/candidate-submissions/${otherId}`)).status()).toBe(404);

  // The list finds the lead by either address.
  await page.keyboard.press('Escape');
  await expect(detail).toHaveCount(0);
  await panel.getByLabel('Only possible duplicates').uncheck();
  for (const address of [first, later]) {
    await searchFor(panel, address);
    await expect(panel.getByRole('button', { name: 'Open details of Grace' })).toHaveCount(1);
  }
});
