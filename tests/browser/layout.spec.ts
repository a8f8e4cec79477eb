import { expect, test } from './fixtures';

test('home page shows the hero and marks Home as the current page', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Bridging the AI Data Center Talent Gap',
  );
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  await nav.getByRole('link', { name: 'For Candidates' }).click();
  await expect(page).toHaveURL(/\/candidates$/);
  await expect(nav.getByRole('link', { name: 'For Candidates' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current', 'page');
});
