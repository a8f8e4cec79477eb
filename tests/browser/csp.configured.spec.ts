import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { CONFIGURED, stubPixel, stubQuestionnaire } from './support/outside-world';
import { isAdminPage, PAGE_PATHS } from './support/security-headers';
import { gotoHydrated } from './support/site';

/**
 * Every page works under its content security policy on a server with a pixel id and an
 * external questionnaire: the browser reports no violation (and the console guard of
 * fixtures.ts fails a test on any "Refused to…" error).
 */

interface Violation {
  directive: string;
  blocked: string;
}

/** Records every `securitypolicyviolation` the document sees, from its first script on. */
async function watchViolations(page: Page): Promise<() => Promise<Violation[]>> {
  await page.addInitScript(() => {
    const seen: Violation[] = [];
    Object.assign(window, { __cspViolations: seen });
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push({ directive: event.effectiveDirective, blocked: event.blockedURI }),
    );
  });
  return () =>
    page.evaluate(() => (window as unknown as { __cspViolations: Violation[] }).__cspViolations);
}

/** Adds a script element for `src` and says whether it ran or was refused. */
const loadScript = (page: Page, src: string) =>
  page.evaluate(
    (url) =>
      new Promise<'loaded' | 'refused'>((resolve) => {
        const script = document.createElement('script');
        script.src = url;
        script.onload = () => resolve('loaded');
        script.onerror = () => resolve('refused');
        document.head.append(script);
      }),
    src,
  );

/** Meta's snippet loads this; the tracking module will too. */
const FBEVENTS = 'https://connect.facebook.net/en_US/fbevents.js';

test.describe('no content security policy violation', () => {
  // /admin refuses Meta's origins (its own test below).
  for (const path of PAGE_PATHS.filter((path) => !isAdminPage(path))) {
    test(`on ${path}, with Meta's script and beacon`, async ({ page, consoleGuard }) => {
      // The not-found page is itself a 404 response, which Chromium logs.
      if (path === '/no-such-page')
        consoleGuard.allow(/^Failed to load resource: the server responded with a status of 404/);
      const violations = await watchViolations(page);
      const warnings: string[] = [];
      page.on('console', (message) => {
        if (/Permissions-Policy|Content Security Policy/i.test(message.text()))
          warnings.push(message.text());
      });
      await stubPixel(page);
      await stubQuestionnaire(page);
      await gotoHydrated(page, path);

      expect(await loadScript(page, FBEVENTS)).toBe('loaded');
      await page.evaluate(async (pixelId) => {
        await fetch(`https://www.facebook.com/tr/?id=${pixelId}&ev=PageView`, {
          mode: 'no-cors',
          keepalive: true,
        });
        const beacon = new Image();
        const settled = new Promise((resolve) => (beacon.onload = beacon.onerror = resolve));
        beacon.src = `https://www.facebook.com/tr/?id=${pixelId}&ev=PageView&noscript=1`;
        await settled;
      }, CONFIGURED.pixelId);
      await page.waitForTimeout(300); // violation events are dispatched asynchronously
      expect(await violations()).toEqual([]);
      expect(warnings).toEqual([]);
    });
  }

  test('/typeform shows the external questionnaire in its frame', async ({ page }) => {
    const violations = await watchViolations(page);
    await stubQuestionnaire(page);
    await gotoHydrated(page, '/typeform');
    await expect(
      page
        .frameLocator('iframe[title="Application questionnaire"]')
        .getByRole('heading', { name: 'External questionnaire' }),
    ).toBeVisible();
    expect(await violations()).toEqual([]);
  });
});

test('the policy refuses what it does not name, and this test would see it', async ({
  page,
  consoleGuard,
}) => {
  consoleGuard.allow(/Content Security Policy/);
  const violations = await watchViolations(page);
  await page.route('https://cdn.example.test/**', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: 'window.__foreign = true;' }),
  );
  await gotoHydrated(page, '/');
  expect(await loadScript(page, 'https://cdn.example.test/tag.js')).toBe('refused');
  await page.evaluate(() => {
    const inline = document.createElement('script');
    inline.textContent = 'window.__inline = true;';
    document.head.append(inline);
  });
  await expect.poll(violations).toEqual([
    { directive: 'script-src-elem', blocked: 'https://cdn.example.test/tag.js' },
    { directive: 'script-src-elem', blocked: 'inline' },
  ]);
  expect(await page.evaluate(() => '__foreign' in window)).toBe(false);
  expect(await page.evaluate(() => '__inline' in window)).toBe(false);
});

test("/admin refuses Meta's script and beacon even on a server with a pixel id", async ({
  page,
  consoleGuard,
}) => {
  consoleGuard.allow(/Content Security Policy/);
  const violations = await watchViolations(page);
  await stubPixel(page);
  await gotoHydrated(page, '/admin');
  expect(await loadScript(page, FBEVENTS)).toBe('refused');
  await page.evaluate(() => {
    const beacon = new Image();
    beacon.src = 'https://www.facebook.com/tr/?ev=PageView&noscript=1';
  });
  await expect
    .poll(async () => (await violations()).map((violation) => violation.blocked).sort())
    .toEqual([FBEVENTS, 'https://www.facebook.com/tr/?ev=PageView&noscript=1']);
});
