import { test as base, expect } from '@playwright/test';
import { stubPixel } from './support/outside-world';

interface ConsoleGuard {
  /** Lets a test that provokes an error (a failed request, say) accept matching messages. */
  allow(pattern: RegExp): void;
  /** Records a console error or an uncaught exception of the page (the page fixture does). */
  record(text: string): void;
}

/**
 * Every browser test fails when the page logs a console error or throws; React reports
 * hydration mismatches that way, so this also proves the pre-rendered HTML hydrates cleanly.
 * Both guards hang on the `page` fixture, so a test that only uses `request` opens no page.
 */
export const test = base.extend<{ consoleGuard: ConsoleGuard }>({
  // Playwright reads a fixture's dependencies from the destructuring pattern: none here.
  // eslint-disable-next-line no-empty-pattern
  consoleGuard: async ({}, use) => {
    const errors: string[] = [];
    const allowed: RegExp[] = [];
    await use({
      allow: (pattern) => allowed.push(pattern),
      record: (text) => errors.push(text),
    });
    const unexpected = errors.filter((text) => !allowed.some((pattern) => pattern.test(text)));
    expect(unexpected, 'console errors on the page').toEqual([]);
  },
  page: async ({ page, consoleGuard }, use) => {
    // No test reaches Meta: its script and beacon are stubbed on every page (this machine has
    // no internet, and a page with a pixel id loads Meta's script once idle).
    await stubPixel(page);
    page.on('console', (message) => {
      // With the address it names (a failed request's), so a failure says which one.
      if (message.type() === 'error' || /hydrat/i.test(message.text()))
        consoleGuard.record(`${message.text()} ${message.location().url}`.trim());
    });
    page.on('pageerror', (error) => consoleGuard.record(error.message));
    await use(page);
  },
});

export { expect };
