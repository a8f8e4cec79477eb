import { test } from './fixtures';
import { expect, openTab, ownServer, signIn, uniqueTag } from './support/admin';
import { formSubmit } from './support/lead-forms';

/** ALTCHA on, for /companies only (ALTCHA_FORMS): a server of its own (decision 095). */
test.describe.configure({ timeout: 120_000 });
const server = ownServer(() => ({ ALTCHA_FORMS: 'company-email' }));

test('a form ALTCHA_FORMS names loads the widget, solves its proof of work and is saved as a lead', async ({
  page,
}) => {
  const base = server().baseUrl;
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });

  // Another form: no widget, and its script is never fetched.
  await page.goto(`${base}/career`);
  await page.getByLabel('Email').focus();
  await expect(page.locator('form').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((path) => path.includes('altcha'))).toEqual([]);
  await expect(page.locator('altcha-widget')).toHaveCount(0);

  await page.goto(`${base}/companies`);
  const email = `${uniqueTag('altcha')}@example.com`;
  await page.getByLabel('Work email').fill(email);
  await page.getByLabel('Company name').fill('Proof of Work Inc');
  await expect(page.locator('altcha-widget')).toHaveCount(1);
  const request = page.waitForRequest(`${base}/api/companies/email`);
  await formSubmit(page, 'Get Talent Info').click();
  const body = (await request).postDataJSON() as Record<string, unknown>;
  expect(typeof body.altcha).toBe('string');
  await expect(page).toHaveURL(/\/hiring$/);
  expect(scripts.some((path) => path.includes('altcha-widget'))).toBe(true);

  // Saved as a lead, not quarantined.
  await signIn(page, base);
  const quarantine = await openTab(page, 'Quarantine');
  await expect(quarantine.getByRole('region')).toHaveAttribute('aria-busy', 'false');
  await expect(quarantine).toContainText('Nothing in quarantine');
  const companies = await openTab(page, 'Companies', email);
  await expect(companies.getByRole('row').filter({ hasText: email })).toHaveCount(1);
});
