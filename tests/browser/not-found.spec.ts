import { expect, test as base } from './fixtures';
import {
  axeViolations,
  expectClientSideNavigation,
  gotoHydrated,
  mainHeadingOf,
  viewports,
} from './support/site';

/**
 * Chromium logs the 404 of the document itself as a console error, in words that do not name
 * the URL. It is allowed here; instead, every other resource must load.
 */
const test = base.extend<{ otherFailures: string[] }>({
  otherFailures: [
    async ({ page, consoleGuard }, use) => {
      consoleGuard.allow(/^Failed to load resource: the server responded with a status of 404/);
      const failures: string[] = [];
      page.on('response', (response) => {
        if (response.status() >= 400 && response.request().resourceType() !== 'document')
          failures.push(`${response.status()} ${response.url()}`);
      });
      await use(failures);
      expect(failures, 'resources that failed to load').toEqual([]);
    },
    { auto: true },
  ],
});

const robots = 'meta[name="robots"]';

for (const path of ['/no-such-page', '/candidates/extra']) {
  test(`${path} answers 404 with the not-found screen`, async ({ page }) => {
    const response = await gotoHydrated(page, path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 Page Not Found');
    await expect(
      page.getByText("The page you are looking for doesn't exist or has been moved."),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
  });
}

test('the not-found screen keeps search engines away only while it is shown', async ({ page }) => {
  await gotoHydrated(page, '/no-such-page');
  await expect(page.locator(robots)).toHaveAttribute('content', 'noindex, nofollow');

  await expectClientSideNavigation(page, async () => {
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(mainHeadingOf('/'));
  await expect(page.locator(robots)).toHaveCount(0);
});

test('the not-found screen has no axe violations on desktop and mobile', async ({ page }) => {
  await gotoHydrated(page, '/no-such-page');
  for (const { name, size } of viewports) {
    await page.setViewportSize(size);
    expect(await axeViolations(page), name).toEqual([]);
  }
});
