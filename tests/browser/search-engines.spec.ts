import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  expectClientSideNavigation,
  gotoHydrated,
  indexableRoutes,
  publicRoutes,
  site,
} from './support/site';

/** What search engines are told: sitemap.xml, robots.txt and each page's robots meta. */

/**
 * The steps of the application funnel, the person's status and booking pages and the admin
 * area: never in search results.
 */
const UNLISTED = [
  '/apply',
  '/typeform',
  '/thank-you',
  '/status',
  '/book',
  '/admin',
  '/admin/invite',
];
const robots = (page: Page) => page.locator('meta[name="robots"]');

test('sitemap.xml lists every public indexable page and nothing else', async ({ request }) => {
  const response = await request.get('/sitemap.xml');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/xml/);
  const locs = [...(await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
  expect(locs).toEqual(indexableRoutes.map((route) => site.siteUrl + route.path));
  for (const path of [...UNLISTED, '/questionnaire'])
    expect(locs, path).not.toContain(site.siteUrl + path);
  // Every public page is either in the sitemap or marked noindex (raw-html.spec.ts).
  expect(publicRoutes.filter((route) => !route.indexable).map((route) => route.path)).toEqual([
    '/apply',
    '/typeform',
    '/thank-you',
    '/status',
    '/book',
  ]);
});

test('robots.txt points to the sitemap and disallows the unlisted pages', async ({ request }) => {
  const text = await (await request.get('/robots.txt')).text();
  const lines = text.split('\n');
  expect(lines[0]).toBe('User-agent: *');
  const disallowed = lines.filter((l) => l.startsWith('Disallow: ')).map((l) => l.slice(10));
  expect(disallowed.sort()).toEqual([...UNLISTED, '/questionnaire'].sort());
  expect(lines).toContain(`Sitemap: ${site.siteUrl}/sitemap.xml`);
});

test('the unlisted pages say noindex, before and after the app runs', async ({
  page,
  request,
  consoleGuard,
}) => {
  // /admin/invite without an invitation's token: the page asks, and the server answers 400.
  consoleGuard.allow(/status of 400 \(Bad Request\)/);
  for (const path of UNLISTED) {
    const html = await (await request.get(path)).text();
    const expected = path.startsWith('/admin') ? 'noindex, nofollow' : 'noindex';
    expect(html, path).toContain(`<meta name="robots" content="${expected}">`);
    await gotoHydrated(page, path);
    await expect(robots(page), path).toHaveAttribute('content', expected);
  }
});

test('client-side navigation adds and removes the noindex hint', async ({ page }) => {
  await gotoHydrated(page, '/thank-you');
  await expect(robots(page)).toHaveAttribute('content', 'noindex');
  await expectClientSideNavigation(page, async () => {
    await page.getByRole('link', { name: 'Return Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(robots(page)).toHaveCount(0);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'For Candidates' })
      .click();
    await expect(page).toHaveURL(/\/candidates$/);
    await page.getByLabel('First name').fill('Mary');
    await page.getByLabel('Last name').fill('Jackson');
    await page.getByLabel('Email').fill(`noindex-${Date.now()}@example.com`);
    await page.getByRole('button', { name: 'Continue to Application' }).click();
    await expect(page).toHaveURL(/\/typeform$/);
    await expect(robots(page)).toHaveAttribute('content', 'noindex');
  });
});

test('the FAQPage data holds exactly the questions and answers the page shows', async ({
  page,
}) => {
  for (const path of ['/candidates', '/career', '/companies']) {
    await gotoHydrated(page, path);
    const json = await page.locator('script[type="application/ld+json"]').allTextContents();
    const faq = json.map((text) => JSON.parse(text)).find((data) => data['@type'] === 'FAQPage');
    const shown = await page.locator('main details').evaluateAll((items) =>
      items.map((item) => ({
        question: item.querySelector('summary')?.textContent?.trim(),
        answer: item.querySelector('p')?.textContent?.trim(),
      })),
    );
    expect(shown.length, path).toBeGreaterThanOrEqual(3);
    expect(
      faq.mainEntity.map((q: { name: string; acceptedAnswer: { text: string } }) => ({
        question: q.name,
        answer: q.acceptedAnswer.text,
      })),
      path,
    ).toEqual(shown);
  }
});
