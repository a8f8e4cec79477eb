import type { Page } from '@playwright/test';
import { test } from './fixtures';
import { searchHeader } from '../support/search';
import { expect, lead, openTab, signIn, uniqueTag } from './support/admin';

/* The owner's Audit tab: actions in words, older entries a page away, a lead a click away. */

test.describe.configure({ timeout: 90_000 });

async function newLead(page: Page) {
  const tag = uniqueTag('audit');
  await lead.application(page.request, `${tag}@example.com`, tag);
  const response = await page.request.get('/api/candidate-submissions', {
    headers: searchHeader(tag),
  });
  const [row] = (await response.json()) as { id: number }[];
  return { id: row!.id, name: `Grace ${tag}` };
}

const setStatus = async (page: Page, id: number, status: string) =>
  expect(
    (await page.request.patch(`/api/candidate-submissions/${id}`, { data: { status } })).ok(),
  ).toBe(true);

test('the audit log reads in words, pages with its filter kept and opens a lead still there', async ({
  page,
}) => {
  await signIn(page);
  const { id: kept, name } = await newLead(page);
  const { id: deleted } = await newLead(page);
  // More status changes than a page holds: the older ones are on the next page.
  for (let i = 0; i < 51; i++) await setStatus(page, kept, i % 2 ? 'new' : 'contacted');
  await setStatus(page, deleted, 'contacted');
  expect((await page.request.delete(`/api/candidate-submissions/${deleted}`)).ok()).toBe(true);

  const audit = await openTab(page, 'Audit');
  await audit.getByLabel('Action').selectOption({ label: 'Deleted a lead' });
  await expect(page).toHaveURL(/[?&]action=delete(&|$)/);
  const gone = audit.getByRole('row').filter({ hasText: `Candidate #${deleted}` });
  await expect(gone.getByRole('cell', { name: 'Deleted a lead' })).toBeVisible();
  // A deleted lead has no detail to open: its name is plain text.
  await expect(gone.getByRole('button')).toHaveCount(0);

  await audit.getByLabel('Action').selectOption({ label: 'Changed a status' });
  await expect(audit.getByText(/^Showing 1–50 of \d/)).toBeVisible();
  const rows = audit.getByRole('row').filter({ hasText: 'Changed a status' });
  await expect(rows).toHaveCount(50);
  await audit.getByRole('button', { name: 'Next' }).click();
  await expect(audit.getByText(/^Showing 51–/)).toBeVisible();
  await expect(page).toHaveURL(/[?&]action=status_changed&offset=50(&|$)/);
  await expect(audit.getByLabel('Action')).toHaveValue('status_changed');
  await expect(rows.first()).toBeVisible();
  await audit.getByRole('button', { name: 'Previous' }).click();
  await expect(audit.getByText(/^Showing 1–50 of \d/)).toBeVisible();

  await audit
    .getByRole('button', { name: `Candidate #${kept}` })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`[?&]candidate=${kept}$`));
  await expect(page.getByRole('dialog').getByRole('heading', { name })).toBeVisible();
});

test("a bulk change's entry names its leads, each opening its drawer", async ({ page }) => {
  await signIn(page);
  const first = await newLead(page);
  const second = await newLead(page);
  const bulk = await page.request.post('/api/candidate-submissions/bulk', {
    data: { ids: [first.id, second.id], status: 'contacted' },
  });
  expect(bulk.ok()).toBe(true);

  const audit = await openTab(page, 'Audit');
  await audit.getByLabel('Action').selectOption({ label: 'Changed leads in bulk' });
  const entry = audit
    .getByRole('row')
    .filter({ hasText: `leads ${first.id}, ${second.id}` })
    .first();
  await expect(entry.getByRole('button', { name: `Candidate #${first.id}` })).toBeVisible();
  await entry.getByRole('button', { name: `Candidate #${second.id}` }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]candidate=${second.id}$`));
  await expect(page.getByRole('dialog').getByRole('heading', { name: second.name })).toBeVisible();
});
