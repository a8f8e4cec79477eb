import { test as base, expect } from '@playwright/test';
import { stubPixel } from './support/outside-world';

interface ConsoleGuard {
  /** Lets a test that provokes an error (a failed request, say) accept matching messages. */
  allow(pattern: RegExp): void;
}

/**
 * Every browser test fails when the page logs a console error or throws; React reports
 * hydration mismatches that way, so this also proves the pre-rendered HTML hydrates cleanly.
 */
export const test = base.extend<{ consoleGuard: ConsoleGuard; outsideWorld: void }>({
  // No test reaches Meta: its script and beacon are stubbed on every page (this machine has no
  // internet, and a page with a pixel id loads Meta's script once idle).
  outsideWorld: [
    async ({ page }, use) => {
      await stubPixel(page);
      await use();
    },
    { auto: true },
  ],
  consoleGuard: [
    async ({ page }, use) => {
      const errors: string[] = [];
      const allowed: RegExp[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || /hydrat/i.test(message.text()))
          errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use({ allow: (pattern) => allowed.push(pattern) });
      const unexpected = errors.filter((text) => !allowed.some((pattern) => pattern.test(text)));
      expect(unexpected, 'console errors on the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
