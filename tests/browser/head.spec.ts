import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  expectClientSideNavigation,
  expectHeadOf,
  gotoHydrated,
  headOf,
  mainHeadingOf,
  site,
} from './support/site';

/**
 * Runs `follow` and returns the head as it stood when the new page's main heading appeared:
 * read in the task that changed the page, before the browser painted it.
 */
async function headWhenShown(page: Page, path: string, follow: () => Promise<void>) {
  await page.evaluate((heading) => {
    const shown = new Promise((resolve) => {
      const observer = new MutationObserver(() => {
        if (document.querySelector('#main h1')?.textContent !== heading) return;
        observer.disconnect();
        const read = (selector: string, attribute = 'content') =>
          document.head.querySelector(selector)?.getAttribute(attribute);
        const description = read('meta[name="description"]');
        const [url, ogUrl] = [
          read('link[rel="canonical"]', 'href'),
          read('meta[property="og:url"]'),
        ];
        resolve({ title: document.title, description, url, ogUrl });
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    Object.assign(window, { __headWhenShown: shown });
  }, mainHeadingOf(path));
  await follow();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(mainHeadingOf(path));
  return page.evaluate(() => (window as { __headWhenShown?: Promise<unknown> }).__headWhenShown);
}

test.describe('head tags', () => {
  test('canonical, og:url, title and description follow client-side navigation', async ({
    page,
  }) => {
    await gotoHydrated(page, '/');
    const links = [
      [
        '/candidates',
        page
          .getByRole('navigation', { name: 'Main' })
          .getByRole('link', { name: 'For Candidates' }),
      ],
      ['/privacy', page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' })],
      ['/terms', page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' })],
    ] as const;
    await expectClientSideNavigation(page, async () => {
      for (const [path, link] of links) {
        // No frame shows the new page under the old page's title or links.
        const head = headOf(path);
        expect(await headWhenShown(page, path, () => link.click()), path).toEqual({
          ...head,
          ogUrl: head.url,
        });
        await expectHeadOf(page, path);
      }
    });
  });

  test('the share image follows the audience of the page', async ({ page }) => {
    const image = page.locator('meta[property="og:image"]');
    await gotoHydrated(page, '/');
    await expect(image).toHaveAttribute('content', `${site.siteUrl}/share/default.png`);
    await expectClientSideNavigation(page, async () => {
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'For Companies' })
        .click();
      await expect(image).toHaveAttribute('content', `${site.siteUrl}/share/companies.png`);
      await expect(page.locator('meta[name="twitter:image"]')).toHaveAttribute(
        'content',
        `${site.siteUrl}/share/companies.png`,
      );
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'For Candidates' })
        .click();
      await expect(image).toHaveAttribute('content', `${site.siteUrl}/share/candidates.png`);
    });
  });
});

test.describe('scrolling', () => {
  const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

  test('every navigation starts at the top of the new page', async ({ page }) => {
    await gotoHydrated(page, '/');
    await page.evaluate(() =>
      window.scrollTo({ top: document.body.scrollHeight, behavior: 'instant' }),
    );
    await expect.poll(() => scrollY(page)).toBeGreaterThan(300);
    await expectClientSideNavigation(page, async () => {
      await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click();
      await expect(page).toHaveURL(/\/terms$/);
    });
    await expect.poll(() => scrollY(page)).toBe(0);
    await expect(page.getByRole('heading', { level: 1 })).toBeInViewport();
  });

  test('a visitor who scrolls while the app loads is not thrown back to the top', async ({
    page,
  }) => {
    // Hold the app's code until the visitor has scrolled the pre-rendered page.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/privacy', { waitUntil: 'commit' });
    await page
      .getByRole('heading', { name: '5. Cookies and Tracking Technologies' })
      .scrollIntoViewIfNeeded();
    const scrolled = await scrollY(page);
    expect(scrolled).toBeGreaterThan(300);
    release();
    await page.waitForFunction(() =>
      Object.keys(document.getElementById('root') ?? {}).some((key) =>
        key.startsWith('__reactContainer'),
      ),
    );
    await page.waitForTimeout(500); // time for the app's first effects to run
    expect(await scrollY(page)).toBe(scrolled);
  });

  test('the home page links to /candidates#top and /companies#top land on each hero', async ({
    page,
  }) => {
    for (const [cta, path] of [
      ['Start your career', '/candidates'],
      ['Find your technicians', '/companies'],
    ] as const) {
      await gotoHydrated(page, '/');
      const link = page.getByRole('link', { name: cta });
      await expect(link).toHaveAttribute('href', `${path}#top`);
      await link.scrollIntoViewIfNeeded();
      await expect.poll(() => scrollY(page)).toBeGreaterThan(0);
      await link.click();
      await expect(page).toHaveURL(new RegExp(`${path}#top$`));
      const heading = page.getByRole('heading', { level: 1 });
      await expect(heading).toHaveText(mainHeadingOf(path));
      await expect(heading).toBeInViewport();
      await expect.poll(() => scrollY(page)).toBe(0);
    }
  });

  /** The top of an element relative to the viewport, once scrolling has settled. */
  const topOf = (page: Page, name: string) =>
    page
      .getByRole('heading', { level: 2, name })
      .evaluate((element) => element.getBoundingClientRect().top);

  test('in-page anchors bring their section into view below the fixed top bar', async ({
    page,
  }) => {
    await gotoHydrated(page, '/terms#governing-law');
    const barHeight = await page
      .getByRole('banner')
      .evaluate((element) => element.getBoundingClientRect().height);
    await expect(page.getByRole('heading', { name: '11. Governing Law' })).toBeInViewport();
    await expect.poll(() => topOf(page, '11. Governing Law')).toBeGreaterThanOrEqual(barHeight);

    await page
      .getByRole('navigation', { name: 'Contents' })
      .getByRole('link', { name: 'Job Placement' })
      .click();
    await expect(page).toHaveURL(/\/terms#job-placement$/);
    await expect(page.getByRole('heading', { name: '6. Job Placement' })).toBeInViewport();
    await expect.poll(() => topOf(page, '6. Job Placement')).toBeGreaterThanOrEqual(barHeight);
  });
});

test.describe('network canvas', () => {
  const canvas = (page: Page) => page.getByTestId('network-canvas');
  /**
   * What the screen shows of the canvas alone (a worker draws it, so its pixels cannot be read
   * from the page): the rest of the page is hidden; `blank` hides the canvas too.
   */
  const snapshot = async (page: Page, { blank = false } = {}) => {
    await canvas(page).evaluate((element: HTMLCanvasElement, hideCanvas) => {
      document.body.style.visibility = 'hidden';
      element.style.visibility = hideCanvas ? 'hidden' : 'visible';
    }, blank);
    return page.screenshot({ animations: 'disabled' });
  };

  /** The first frame, drawn once the browser is idle after hydration. */
  const firstFrame = async (page: Page) => {
    const blank = await snapshot(page, { blank: true });
    await expect.poll(async () => (await snapshot(page)).equals(blank)).toBe(false);
    return snapshot(page);
  };

  test('is decorative and drifts', async ({ page }) => {
    await gotoHydrated(page, '/');
    await expect(canvas(page)).toHaveAttribute('aria-hidden', 'true');
    const first = await firstFrame(page);
    await expect.poll(async () => (await snapshot(page)).equals(first)).toBe(false);
  });

  test('stays still when the visitor prefers reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await gotoHydrated(page, '/');
    await expect(canvas(page)).toHaveAttribute('aria-hidden', 'true');
    const first = await firstFrame(page);
    await page.waitForTimeout(1000);
    expect((await snapshot(page)).equals(first)).toBe(true);
  });

  test('starts drifting when reduced motion is turned off', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await gotoHydrated(page, '/');
    const still = await firstFrame(page);
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await expect.poll(async () => (await snapshot(page)).equals(still)).toBe(false);
  });
});
