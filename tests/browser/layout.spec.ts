import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  expectClientSideNavigation,
  gotoHydrated,
  mainHeadingOf,
  mobileViewport,
  site,
  navLinks,
} from './support/site';
const DO_NOT_SELL = 'Do Not Sell or Share My Personal Information';

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const navLink = (page: Page, label: string) =>
  mainNav(page).getByRole('link', { name: label, exact: true });
const heading = (page: Page) => page.getByRole('heading', { level: 1 });

test.describe('top bar', () => {
  // Each page's own mark: public-pages.spec.ts.
  test('moves the current-page mark on client-side navigation', async ({ page }) => {
    await gotoHydrated(page, '/');
    await expect(heading(page)).toHaveText(mainHeadingOf('/'));
    await expectClientSideNavigation(page, async () => {
      await navLink(page, 'For Candidates').click();
      await expect(page).toHaveURL(/\/candidates$/);
    });
    await expect(heading(page)).toHaveText(mainHeadingOf('/candidates'));
    await expect(navLink(page, 'For Candidates')).toHaveAttribute('aria-current', 'page');
    await expect(navLink(page, 'Home')).not.toHaveAttribute('aria-current');
  });
});

test.describe('mobile menu', () => {
  test.use({ viewport: mobileViewport });

  const toggle = (page: Page) => mainNav(page).getByRole('button');

  async function expectMenu(page: Page, open: boolean) {
    await expect(toggle(page)).toHaveAttribute('aria-expanded', String(open));
    await expect(toggle(page)).toHaveAccessibleName(open ? 'Close menu' : 'Open menu');
    for (const link of navLinks) {
      if (open) await expect(navLink(page, link.label)).toBeVisible();
      else await expect(navLink(page, link.label)).toBeHidden();
    }
  }

  test('the toggle opens and closes the menu', async ({ page }) => {
    await gotoHydrated(page, '/');
    await expectMenu(page, false);
    await toggle(page).click();
    await expectMenu(page, true);
    await toggle(page).click();
    await expectMenu(page, false);
  });

  test('navigating closes the menu, even to the page already shown', async ({ page }) => {
    await gotoHydrated(page, '/');
    await toggle(page).click();
    await navLink(page, 'For Companies').click();
    await expect(page).toHaveURL(/\/companies$/);
    await expect(heading(page)).toHaveText(mainHeadingOf('/companies'));
    await expectMenu(page, false);

    await toggle(page).click();
    await expectMenu(page, true);
    await navLink(page, 'For Companies').click();
    await expectMenu(page, false);
  });

  test('Escape closes the menu and returns focus to the toggle', async ({ page }) => {
    await gotoHydrated(page, '/');
    await toggle(page).click();
    await expectMenu(page, true);
    await navLink(page, 'Contact').focus();
    await page.keyboard.press('Escape');
    await expectMenu(page, false);
    await expect(toggle(page)).toBeFocused();
  });

  test('the menu works with the keyboard alone', async ({ page }) => {
    await gotoHydrated(page, '/');
    await toggle(page).focus();
    await page.keyboard.press('Enter');
    await expectMenu(page, true);
    for (const link of navLinks) {
      await page.keyboard.press('Tab');
      await expect(navLink(page, link.label)).toBeFocused();
    }
    await page.keyboard.press('Shift+Tab');
    await expect(navLink(page, 'For Companies')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/companies$/);
    await expectMenu(page, false);
    // The focus starts in the new page, not at the top of the document: Tab goes on in it.
    const main = page.getByRole('main');
    await expect(main).toBeFocused();
    await page.keyboard.press('Tab');
    expect(await main.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('the main links show and work; no button that only scripts could run shows', async ({
      page,
    }) => {
      await page.goto('/candidates');
      await expect(toggle(page)).toBeHidden();
      for (const link of navLinks) await expect(navLink(page, link.label)).toBeVisible();
      // "Apply Now" scrolls back to the form with code alone: without it, a press did nothing.
      await expect(page.locator('main button[type="button"]:visible')).toHaveCount(0);
      await navLink(page, 'For Companies').click();
      await expect(heading(page)).toHaveText(mainHeadingOf('/companies'));
      await expect(page.getByRole('button', { name: 'Tell Us Your Hiring Needs' })).toBeHidden();
    });

    test("the footer's privacy choice leads to what it means, where its button could do nothing", async ({
      page,
    }) => {
      await page.goto('/');
      const footer = page.getByRole('contentinfo');
      await expect(footer.getByRole('button', { name: DO_NOT_SELL })).toBeHidden();
      await footer.getByRole('link', { name: DO_NOT_SELL }).click();
      await expect(page).toHaveURL(/\/privacy#do-not-sell-or-share$/);
      await expect(page.getByRole('heading', { name: DO_NOT_SELL })).toBeVisible();
    });
  });
});

test.describe('footer', () => {
  const footer = (page: Page) => page.getByRole('contentinfo');

  test('Quick Links lead to their pages', async ({ page }) => {
    const quickLinks = [
      { label: 'For Candidates', path: '/candidates' },
      { label: 'For Companies', path: '/companies' },
      { label: 'Contact', path: '/contact' },
      { label: 'Privacy Policy', path: '/privacy' },
      { label: 'Terms of Service', path: '/terms' },
    ];
    await gotoHydrated(page, '/');
    for (const { label, path } of quickLinks) {
      const link = footer(page).getByRole('link', { name: label, exact: true });
      await expect(link).toHaveAttribute('href', path);
      // In the app: the footer is kept as the server's HTML (decision 172), its links too.
      await expectClientSideNavigation(page, async () => {
        await link.click();
        await expect(page).toHaveURL(new RegExp(`${path}$`));
        await expect(heading(page)).toHaveText(mainHeadingOf(path));
      });
    }
  });

  test('a footer link to the page shown adds nothing to the history', async ({ page }) => {
    await gotoHydrated(page, '/privacy');
    const entries = await page.evaluate(() => history.length);
    await expectClientSideNavigation(page, () =>
      footer(page).getByRole('link', { name: 'Privacy Policy', exact: true }).click(),
    );
    await footer(page).getByRole('link', { name: 'Terms of Service', exact: true }).click();
    await expect(page).toHaveURL(/\/terms$/);
    expect(await page.evaluate(() => history.length)).toBe(entries + 1);
  });

  test('a page reached in the app shows its cards, FAQ and legal text in full', async ({
    page,
  }) => {
    await gotoHydrated(page, '/privacy');
    await expectClientSideNavigation(page, async () => {
      await footer(page).getByRole('link', { name: 'For Candidates', exact: true }).click();
      await expect(page).toHaveURL(/\/candidates$/);
    });
    for (const step of ['Recruit', 'Train', 'Deploy'])
      await expect(page.getByRole('heading', { level: 3, name: step, exact: true })).toBeVisible();
    await page.locator('summary').filter({ hasText: 'Do I need prior IT experience?' }).click();
    await expect(
      page.getByText('The programme is built for people with no prior IT'),
    ).toBeVisible();
    await footer(page).getByRole('link', { name: 'Terms of Service', exact: true }).click();
    const contents = page.getByRole('navigation', { name: 'Contents' });
    await expect(contents.getByRole('link', { name: 'Our Services' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Our Services' })).toBeVisible();
  });

  test('shows the contact e-mail, the Connect button and the copyright', async ({ page }) => {
    await page.goto('/about');
    await expect(footer(page).getByRole('link', { name: site.contactEmail })).toHaveAttribute(
      'href',
      `mailto:${site.contactEmail}`,
    );
    await expect(footer(page).getByRole('button', { name: /linkedin/i })).toHaveAccessibleName(
      `${site.brandName} on LinkedIn`,
    );
    await expect(footer(page)).toContainText(
      `© ${new Date().getFullYear()} ${site.brandName}. All rights reserved.`,
    );
  });

  test('the copyright follows the visitor’s clock, not the build’s', async ({ page }) => {
    await page.clock.setFixedTime(new Date('2031-06-15T12:00:00'));
    await gotoHydrated(page, '/');
    await expect(footer(page)).toContainText(`© 2031 ${site.brandName}. All rights reserved.`);
  });

  /**
   * Scrolls each band and the footer into view, then back to the top. They are laid out only
   * when near the viewport (decision 172); once shown they keep their size, so the page's height
   * is then its real one.
   */
  async function showEveryBand(page: Page) {
    await page.evaluate(async () => {
      // Two frames, or half a second if the loaded machine's compositor skips them (a clean run
      // once waited out the test's whole 30 s on a frame).
      const twoFrames = () =>
        Promise.race([
          new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
          new Promise((resolve) => setTimeout(resolve, 500)),
        ]);
      for (const band of document.querySelectorAll('section, footer')) {
        band.scrollIntoView({ behavior: 'instant' });
        await twoFrames();
      }
      window.scrollTo({ top: 0, behavior: 'instant' });
      await twoFrames();
    });
  }

  // The floating button is fixed at the bottom right, where the footer's last row ends.
  for (const { path, floating } of [
    { path: '/candidates', floating: 'Get Started' },
    { path: '/companies', floating: 'Get Talent Info' },
  ]) {
    for (const viewport of [{ width: 1280, height: 720 }, mobileViewport]) {
      test(`on ${path} at ${viewport.width} px, the floating button covers none of the footer`, async ({
        page,
      }) => {
        await page.setViewportSize(viewport);
        await gotoHydrated(page, path);
        await showEveryBand(page);
        // Last: /companies' form has a submit button of the same name above it.
        const button = page.getByRole('button', { name: floating, exact: true }).last();
        await expect(page.locator('[data-floating-button]')).toBeHidden();
        const pageHeight = () => page.evaluate(() => document.documentElement.scrollHeight);
        const heightBefore = await pageHeight();
        await page.evaluate(() => window.scrollTo({ top: 1e6, behavior: 'instant' }));
        await expect(button).toBeVisible();
        expect(await pageHeight(), 'its showing moves nothing').toBe(heightBefore);
        const privacy = footer(page).getByRole('button', { name: /^Do Not Sell/ });
        // Every corner of the privacy control and of the copyright line takes a tap itself
        // (4 px in: past the control's rounded corners).
        // At the page's end, scrolled again each try: a form's code arriving late may still
        // change the page's height.
        for (const control of [privacy, footer(page).getByText(/All rights reserved/)]) {
          const tapped = async () => {
            await page.evaluate(() => window.scrollTo({ top: 1e6, behavior: 'instant' }));
            return control.evaluate((element) => {
              const box = element.getBoundingClientRect();
              return [
                [box.left + 4, box.top + 4],
                [box.right - 4, box.top + 4],
                [box.left + 4, box.bottom - 4],
                [box.right - 4, box.bottom - 4],
              ].map(([x, y]) => element.contains(document.elementFromPoint(x!, y!)));
            });
          };
          await expect.poll(tapped).toEqual([true, true, true, true]);
        }
        // The privacy control ends above the button.
        const buttonBox = await button.boundingBox();
        const privacyBox = await privacy.boundingBox();
        expect(privacyBox!.y + privacyBox!.height).toBeLessThan(buttonBox!.y);
      });
    }
  }
});
