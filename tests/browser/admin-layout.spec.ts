import type { Locator, Page } from '@playwright/test';
import { test } from './fixtures';
import {
  expect,
  lead,
  openTab,
  signIn,
  signInThroughForm,
  tabNamed,
  toast,
  uniqueTag,
} from './support/admin';

/*
 * The dashboard uses the screen (issue 42): below the site's top bar it takes the full width,
 * with its own bar (search, the spec's buttons, the account's menu), and one row of navigation
 * that never wraps, on a desktop and on a phone; the page itself never scrolls sideways.
 */

test.describe.configure({ timeout: 120_000 });

const VIEWPORTS = [
  { name: 'desktop', width: 1_440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** The top edge of every tab in the navigation: one value when it is one row. */
const tabRows = (page: Page) =>
  page
    .getByRole('tablist', { name: 'Dashboard' })
    .getByRole('tab')
    .evaluateAll((tabs) => [...new Set(tabs.map((tab) => tab.getBoundingClientRect().top))]);

const pageScrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

/** Whether the element draws a focus outline. */
const outlined = (locator: Locator) =>
  locator.evaluate((element) => getComputedStyle(element).outlineStyle !== 'none');

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width} x ${viewport.height}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('the navigation is one row and the page never scrolls sideways', async ({ page }) => {
      await signIn(page);
      const nav = page.getByRole('tablist', { name: 'Dashboard' });
      await expect(nav.getByRole('tab')).toHaveCount(11);
      expect(await tabRows(page)).toHaveLength(1);
      // The spec's buttons, with its words, in the dashboard's bar.
      for (const name of ['Refresh', 'Export to CSV', 'Logout']) {
        await expect(page.getByRole('button', { name, exact: true })).toBeVisible();
      }
      await expect(page.getByRole('searchbox', { name: 'Search typeform leads' })).toBeVisible();

      const width = await page.evaluate(() => document.documentElement.clientWidth);
      const box = await nav.boundingBox();
      if (viewport.name === 'desktop') {
        // The full width less the side padding, not the marketing site's 1,214-px column.
        expect(box?.width).toBeGreaterThan(width - 80);
        // Every tab in view: nothing to scroll to.
        expect(await nav.evaluate((list) => list.scrollWidth <= list.clientWidth)).toBe(true);
      } else {
        // The row scrolls within itself; its last tab is reached there.
        expect(await nav.evaluate((list) => list.scrollWidth > list.clientWidth)).toBe(true);
        expect(box?.width).toBeLessThanOrEqual(width);
      }

      for (const name of ['Typeform Leads', 'Candidates', 'Board', 'Insights', 'Settings']) {
        const panel = await openTab(page, name);
        await expect(panel.getByText('Loading…')).toHaveCount(0);
        await expect(tabNamed(page, name)).toBeInViewport();
        expect(await tabRows(page), name).toHaveLength(1);
        // Once the panel has settled (a chart sizes itself to its box after the first paint).
        await expect.poll(() => pageScrollsSideways(page), { message: name }).toBe(false);
      }
    });

    test('the account menu holds Security, Your sessions and Sign out everywhere, by keyboard', async ({
      page,
    }) => {
      await signIn(page);
      // The bar's order: the search, the spec's buttons, then the account.
      await page.getByRole('searchbox').focus();
      for (const name of ['Refresh', 'Export to CSV', 'Logout']) {
        await page.keyboard.press('Tab');
        await expect(page.getByRole('button', { name, exact: true })).toBeFocused();
      }
      await page.keyboard.press('Tab');
      const account = page.getByRole('button', { name: /^Account: / });
      await expect(account).toBeFocused();
      expect(await outlined(account)).toBe(true);

      await page.keyboard.press('Enter');
      const menu = page.getByRole('menu');
      await expect(menu.getByRole('menuitem')).toHaveText([
        'Security',
        'Your sessions',
        'Sign out everywhere',
      ]);
      await expect(menu.getByRole('menuitem', { name: 'Security' })).toBeFocused();
      await page.keyboard.press('Enter');
      // The chosen page takes the focus; no tab is selected while it shows.
      const security = page.getByRole('tabpanel', { name: 'Security' });
      await expect(security).toBeFocused();
      expect(await outlined(security), 'the focused page shows its focus').toBe(true);
      await expect(security.getByRole('heading', { name: 'Security', level: 2 })).toBeVisible();
      await expect(page.getByRole('tab', { selected: true })).toHaveCount(0);

      await account.focus();
      await page.keyboard.press('Enter');
      await page.keyboard.press('ArrowDown');
      await expect(menu.getByRole('menuitem', { name: 'Your sessions' })).toBeFocused();
      await page.keyboard.press('Enter');
      const sessions = page.getByRole('tabpanel', { name: 'Your sessions' });
      await expect(sessions.getByRole('cell', { name: /\(this browser\)$/ })).toBeVisible();

      // Escape closes the menu and gives the focus back to its button.
      await account.click();
      await expect(menu).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(menu).toHaveCount(0);
      await expect(account).toBeFocused();

      // Back to the leads: the navigation's tab, by keyboard, with its focus drawn.
      await page.keyboard.press('Tab');
      const first = tabNamed(page, 'Typeform Leads');
      await expect(first).toBeFocused();
      expect(await outlined(first)).toBe(true);
      await page.keyboard.press('Enter');
      await expect(first).toHaveAttribute('aria-selected', 'true');
      expect(await pageScrollsSideways(page)).toBe(false);
    });
  });
}

/** Whether a click at the middle of `locator` reaches it, not something drawn over it. */
const clickable = (locator: Locator) =>
  locator.evaluate((element) => {
    const { x, y, width, height } = element.getBoundingClientRect();
    return element.contains(document.elementFromPoint(x + width / 2, y + height / 2));
  });

for (const viewport of [
  { width: 1_280, height: 800 },
  { width: 375, height: 812 },
]) {
  test(`right after sign-in at ${viewport.width} x ${viewport.height}, the toast leaves the bar free: Export and Logout take a click`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await signInThroughForm(page);
    // The pointer on the toast holds it open (Radix pauses its timer): no race with its 3 s.
    const authenticated = toast(page, 'Authenticated').first();
    await authenticated.hover();
    for (const name of ['Export to CSV', 'Logout']) {
      expect(await clickable(page.getByRole('button', { name, exact: true })), name).toBe(true);
    }
    // Nor over the bar's heading and search (on a phone the toast was as wide as the bar).
    const bar = page.getByRole('heading', { name: 'Lead Dashboard' }).locator('..');
    const [toastBox, barBox] = [await authenticated.boundingBox(), await bar.boundingBox()];
    expect(toastBox!.y).toBeGreaterThan(barBox!.y + barBox!.height);
    await expect(authenticated).toBeVisible();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByRole('heading', { name: 'Admin Sign In' })).toBeVisible();
  });
}

test("Candidates keeps the spec's caption and says what else it holds", async ({ page }) => {
  await signIn(page);
  const panel = await openTab(page, 'Candidates');
  await expect(panel.locator('caption')).toHaveText('Form completions through /career');
  await expect(
    panel.getByText('also holds the applicants who came through /training'),
  ).toBeVisible();
});

test.describe("on a recruiter's laptop, 1366 x 768", () => {
  test.use({ viewport: { width: 1_366, height: 768 } });

  test("the site's top bar shows its links, not the phone's menu toggle", async ({ page }) => {
    await signIn(page);
    const main = page.getByRole('navigation', { name: 'Main' });
    for (const name of ['Home', 'For Candidates', 'For Companies', 'Contact']) {
      await expect(main.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(main.getByRole('button', { name: 'Open menu' })).toBeHidden();
  });

  test("a list shows ten rows without a scroll, under the top bar and the tab's filters", async ({
    page,
  }) => {
    const tag = uniqueTag('fold');
    for (let n = 0; n < 12; n++) await lead.typeform(page.request, `${tag}-${n}@example.com`, tag);
    await signIn(page);
    const panel = await openTab(page, 'Typeform Leads', tag);
    const rows = panel.locator('tbody tr');
    await expect(rows).toHaveCount(12);
    // The spec's fixed top bar (24 units) and the tab's caption stay.
    await expect(page.locator('header').first()).toHaveCSS('height', '96px');
    await expect(panel.locator('caption')).toHaveText(
      'Candidates who started through the /candidates page',
    );
    const whole = await rows.evaluateAll(
      (each) =>
        each.filter((row) => {
          const { top, bottom } = row.getBoundingClientRect();
          return top >= 0 && bottom <= window.innerHeight;
        }).length,
    );
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(whole).toBeGreaterThanOrEqual(10);
  });
});

test.describe('on a phone, 375 px wide', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test("the accounts table shows each role's name and the State without a sideways scroll", async ({
    page,
  }) => {
    await signIn(page);
    const accounts = await openTab(page, 'Accounts');
    const row = accounts
      .getByRole('region', { name: 'Accounts' })
      .getByRole('row')
      .filter({ has: page.getByRole('combobox', { name: /^Role of / }) })
      .first();
    const role = row.getByRole('combobox', { name: /^Role of / });
    // The chosen role's name fits between the select's padding and its arrow.
    const fits = await role.evaluate((select: HTMLSelectElement) => {
      const style = getComputedStyle(select);
      const text = select.selectedOptions[0]!.text;
      const canvas = document.createElement('canvas').getContext('2d')!;
      canvas.font = `${style.fontSize} ${style.fontFamily}`;
      const arrow = 24;
      const room = select.clientWidth - parseFloat(style.paddingLeft) - arrow;
      return { text, fits: canvas.measureText(text).width <= room };
    });
    expect(fits).toEqual({ text: expect.stringMatching(/^(Owner|Recruiter|Viewer)$/), fits: true });
    await expect(row.getByRole('cell').filter({ hasText: /^(Active|Disabled)$/ })).toBeInViewport({
      ratio: 1,
    });
  });
});
