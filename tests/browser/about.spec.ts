import { expect, test } from './fixtures';

test('the about page tells the story, shows the team and partners, and links to contact', async ({
  page,
}) => {
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('About Us');
  await expect(page.getByRole('heading', { name: /Founded in 2025/ })).toBeVisible();
  await expect(page.getByText('50+ years of combined experience', { exact: false })).toBeVisible();

  const people = page
    .getByRole('region', { name: 'The People Behind the Programme' })
    .getByRole('listitem');
  await expect(people).toHaveCount(3);
  for (const person of await people.all()) {
    // Drawn as initials, never as photos.
    await expect(person.locator('[aria-hidden="true"]').first()).toHaveText(/^[A-Z]{2}$/);
  }

  const partners = page
    .getByRole('region', { name: 'Trusted by Data Center Operators' })
    .getByRole('listitem');
  await expect(partners).toHaveCount(4);
  await expect(page.locator('main img')).toHaveCount(0);

  await page.getByRole('link', { name: 'Contact Us' }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Contact /);
});
