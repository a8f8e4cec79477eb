import { test } from './fixtures';
import { axeViolations } from './support/site';
import { expect, openTab, signIn, tabNamed, uniqueTag } from './support/admin';
import { botApplication, rowOf } from './support/quarantine';

/*
 * On a server of its own (the configured one): its 100 held forms would push the forms other
 * tests hold off the default server's first Quarantine page while they look for them.
 */
test.describe.configure({ timeout: 120_000 });

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
  // The tab shows at once; its history entry comes with the navigation that follows.
  await expect(page).toHaveURL(/\?tab=candidates$/);
  await page.goBack();
  await expect(tabNamed(page, 'Quarantine')).toHaveAttribute('aria-selected', 'true');
  await expect(range).toHaveText(/^Showing 101–/);
});
