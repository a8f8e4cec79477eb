import axe from 'axe-core';
import type { Page, Response } from '@playwright/test';
import { fullTitle, routeMeta, type RouteMeta } from '../../../src/client/app/route-meta';
import { parseSiteConfig } from '../../../src/shared/site-config';
import { expect } from '../fixtures';

/** The site identity the build baked in: same environment, same parse as vite.config.ts. */
export const site = parseSiteConfig(process.env);

/** Every page of the public site (all but the admin area and the framed questionnaire). */
export const publicRoutes: readonly RouteMeta[] = routeMeta.filter((route) => route.public);

/** The pages search engines may index (sitemap.xml); the rest carry robots noindex. */
export const indexableRoutes: readonly RouteMeta[] = routeMeta.filter((route) => route.indexable);

/**
 * The main heading of each public route, as the specification words it (section 2); where
 * the spec only describes it, as the page words it.
 */
const mainHeadings: Record<string, string> = {
  '/': 'Bridging the AI Data Center Talent Gap',
  '/candidates': 'Launch Your Tech Career in Weeks, Not Years',
  '/companies': 'Fuel Your Data Center Operations with Job-Ready Talent',
  '/about': 'About Us',
  '/contact': `Contact ${site.brandName}`,
  '/apply': 'Apply for Training',
  '/typeform': 'Complete Your Application',
  '/thank-you': 'Application Received!',
  '/hiring': 'Request Talent Information',
  '/career': 'Launch Your Tech Career in Weeks',
  '/training': 'Earn $50K+ in Tech Without a Degree',
  '/privacy': 'Privacy Policy',
  '/terms': 'Terms of Service',
  '/status': 'Your Status Page',
  '/book': 'Book Your Call',
};

export function mainHeadingOf(path: string): string {
  const heading = mainHeadings[path];
  if (heading === undefined) throw new Error(`No expected main heading for ${path}`);
  return heading;
}

/** The links of the main navigation; each marks itself on its own page. */
export const navLinks = [
  { label: 'Home', path: '/' },
  { label: 'For Candidates', path: '/candidates' },
  { label: 'For Companies', path: '/companies' },
  { label: 'Contact', path: '/contact' },
] as const;

export const mobileViewport = { width: 375, height: 812 };

export const viewports = [
  { name: 'desktop', size: { width: 1280, height: 800 } },
  { name: 'mobile', size: mobileViewport },
] as const;

/**
 * Runs axe-core on the page as it is and lists each violation with the elements it hit. axe is
 * injected into each frame once per document, as AxeBuilder's legacy mode does, but kept for the
 * next run (the other viewport): AxeBuilder injects it twice per run and opens a page to finish
 * it, three times the cost of the run itself. Frames of other origins are checked too.
 */
export async function axeViolations(page: Page, only?: string) {
  for (const frame of page.frames()) {
    if (await frame.evaluate(() => 'axe' in window)) continue;
    await frame.evaluate(axe.source);
    await frame.evaluate(() =>
      (window as unknown as AxeWindow).axe.configure({
        allowedOrigins: ['<unsafe_all_origins>'],
      }),
    );
  }
  // axe cannot see a text's background through the decorative network canvas and leaves its
  // contrast unchecked: hidden while axe runs, text over it is checked against the navy behind.
  const violations = await page.evaluate(async (selector) => {
    const canvas = document.querySelector<HTMLElement>('[data-testid="network-canvas"]');
    canvas?.style.setProperty('display', 'none');
    try {
      return await (window as unknown as AxeWindow).axe.run(
        selector ? { include: [selector] } : document,
        { resultTypes: ['violations'] },
      );
    } finally {
      canvas?.style.removeProperty('display');
    }
  }, only ?? null);
  return violations.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    help: violation.help,
    elements: violation.nodes.map((node) => node.target.join(' ')),
  }));
}

interface AxeWindow {
  axe: typeof axe;
}

/**
 * Opens a page and waits until React has taken over the pre-rendered HTML, so clicks are
 * handled by the app (client-side navigation, the menu toggle) rather than by the browser.
 */
export async function gotoHydrated(page: Page, path: string): Promise<Response | null> {
  const response = await page.goto(path);
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  return response;
}

/**
 * Runs `navigate` and asserts it happened inside the app: a marker set on the window before
 * survives only if the browser did not load a new document.
 */
export async function expectClientSideNavigation(page: Page, navigate: () => Promise<void>) {
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
  await navigate();
  expect(
    await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument),
    'navigation stayed in the same document',
  ).toBe(true);
}

/** The title, description and URL (canonical, og:url) of a page once the app runs. */
export function headOf(path: string) {
  const meta = routeMeta.find((route) => route.path === path);
  if (!meta) throw new Error(`Unknown route ${path}`);
  return {
    title: fullTitle(meta.title, site.brandName),
    description: meta.description,
    url: site.siteUrl + path,
  };
}

/** Asserts the head tags a page should carry once the app runs (spec section 2). */
export async function expectHeadOf(page: Page, path: string) {
  const { title, description, url } = headOf(path);
  const canonical = page.locator('link[rel="canonical"]');
  const ogUrl = page.locator('meta[property="og:url"]');
  await expect(page).toHaveTitle(title);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', description);
  await expect(canonical).toHaveAttribute('href', url);
  await expect(ogUrl).toHaveAttribute('content', url);
  await expect(canonical).toHaveCount(1);
  await expect(ogUrl).toHaveCount(1);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', title);
  await expect(page.locator('meta[name="twitter:description"]')).toHaveAttribute(
    'content',
    description,
  );
  await expect(page.locator('meta[property="og:image"]')).toHaveCount(1);
}
