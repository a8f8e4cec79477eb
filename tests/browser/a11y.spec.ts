import { expect, test } from './fixtures';
import {
  axeViolations,
  gotoHydrated,
  mobileViewport,
  publicRoutes,
  viewports,
} from './support/site';

for (const { name, size } of viewports) {
  // The not-found screen is checked in not-found.spec.ts, which expects its 404.
  test.describe(`accessibility on ${name}`, () => {
    test.use({ viewport: size });

    for (const route of publicRoutes) {
      test(`${route.path} has no axe violations`, async ({ page }) => {
        await gotoHydrated(page, route.path);
        expect(await axeViolations(page)).toEqual([]);
      });
    }
  });
}

test.describe('accessibility of the open mobile menu', () => {
  test.use({ viewport: mobileViewport });

  test('has no axe violations', async ({ page }) => {
    await gotoHydrated(page, '/');
    const toggle = page.getByRole('navigation', { name: 'Main' }).getByRole('button');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(await axeViolations(page)).toEqual([]);
  });
});
