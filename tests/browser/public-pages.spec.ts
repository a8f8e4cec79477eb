import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  axeViolations,
  expectHeadOf,
  gotoHydrated,
  mobileViewport,
  publicRoutes,
  viewports,
  navLinks,
} from './support/site';

/**
 * What every public page must do, checked on one load of each page (a page load and a browser
 * context cost more than the checks): its own head tags once the app runs, no axe violation at
 * desktop and at mobile width, and no horizontal scroll at 320 px. The layout is CSS only, so
 * resizing the window lays the page out as a load at that width would. The not-found screen
 * is checked in not-found.spec.ts, which expects its 404.
 */

async function expectCurrentPageMark(page: Page, path: string) {
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('button')).toBeHidden();
  for (const link of navLinks) {
    const locator = nav.getByRole('link', { name: link.label, exact: true });
    await expect(locator).toBeVisible();
    await expect(locator).toHaveAttribute('href', link.path);
    if (link.path === path) await expect(locator).toHaveAttribute('aria-current', 'page');
    else await expect(locator).not.toHaveAttribute('aria-current');
  }
}

async function expectNoHorizontalScroll(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const widths = await page.evaluate(() => ({
    content: document.documentElement.scrollWidth,
    viewport: document.documentElement.clientWidth,
  }));
  expect(widths.content).toBeLessThanOrEqual(widths.viewport);
}

for (const route of publicRoutes) {
  test(`${route.path}: head tags, no axe violations on desktop and mobile, no scroll at 320 px`, async ({
    page,
  }) => {
    test.slow(); // the work of three page tests, two of them axe runs
    await page.setViewportSize(viewports[0].size);
    await gotoHydrated(page, route.path);
    await expectHeadOf(page, route.path);
    if (navLinks.some((link) => link.path === route.path))
      await expectCurrentPageMark(page, route.path);

    for (const { name, size } of viewports) {
      await page.setViewportSize(size);
      expect(await axeViolations(page), `axe on ${name}`).toEqual([]);
    }

    await page.setViewportSize({ width: 320, height: 640 });
    await expectNoHorizontalScroll(page);
  });
}

test('the axe check reports a violation it is shown', async ({ page }) => {
  await gotoHydrated(page, '/');
  await page.evaluate(() =>
    document.querySelector('main')?.insertAdjacentHTML('beforeend', '<img src="/favicon.ico">'),
  );
  expect((await axeViolations(page)).map((violation) => violation.rule)).toContain('image-alt');
});

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

test.describe('the thank-you page on a phone', () => {
  test.use({ viewport: mobileViewport });

  test('offers the call first: "Book your call" in the first screen, Return Home below', async ({
    page,
  }) => {
    await gotoHydrated(page, '/thank-you');
    const book = page.getByRole('link', { name: 'Book your call' });
    await expect(book).toBeInViewport();
    await expect(book).toHaveAttribute('href', '/book');
    await expect(page.getByRole('link', { name: 'Return Home' })).toHaveAttribute('href', '/');
  });
});
