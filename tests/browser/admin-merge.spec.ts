import { test } from './fixtures';
import { expect, lead, openTab, signIn, uniqueTag } from './support/admin';

test.describe.configure({ timeout: 120_000 });

test('the detail lists a possible duplicate and merges it into the lead after a confirmation', async ({
  page,
}) => {
  const tag = uniqueTag('merge');
  // The same person twice: an application, and later an e-mail spelt another way on Gmail.
  await lead.application(page.request, `${tag}.grace@gmail.com`, tag);
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

  const confirm = page.getByRole('dialog', { name: 'Merge leads' });
  await expect(confirm).toContainText(`Merge lead #${otherId} (${later}) into this lead?`);
  await confirm.getByRole('button', { name: 'Merge' }).click();

  await expect(detail.getByRole('status')).toHaveText(`Lead #${otherId} merged into this lead.`);
  await expect(section).toContainText('None found.');
  await expect(detail.getByRole('region', { name: 'Timeline' })).toContainText(
    `Lead #${otherId} merged into this lead`,
  );
  expect((await page.request.get(`/api/candidate-submissions/${otherId}`)).status()).toBe(404);
});
