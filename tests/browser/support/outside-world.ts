import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';

/**
 * The outside world for browser tests: the machine has no internet, and tests must not reach
 * Meta or a real questionnaire anyway. These are the only mocks, at the edge.
 */

/**
 * Settings of the `configured` server in playwright.config.ts (META_PIXEL_ID, QUESTIONNAIRE_URL,
 * the Conversions API's token and Graph URL).
 */
export const CONFIGURED = {
  pixelId: '1234567890123',
  questionnaireUrl: 'https://forms.example.test/t/application',
  /** Conversions API (decision 110): a local stand-in for the Graph API, beside the servers. */
  capiToken: 'e2e-conversions-api-token',
  graphPort: Number(process.env.E2E_PORT ?? 4173) + 3,
} as const;

/**
 * The `messages` server in playwright.config.ts (decision 154): its mail goes to a local SMTP
 * server that drops each message into `mailDir` (support/mail-drop.ts), read by every
 * `*.messages.spec.ts` through support/mailbox.ts; its confirmation and reminders come seconds
 * after the form.
 */
export const MESSAGES = {
  smtpPort: Number(process.env.E2E_PORT ?? 4173) + 5,
  mailDir: path.join(tmpdir(), `talent-bridge-e2e-mail-${process.env.E2E_PORT ?? 4173}`),
  reminderDelays: '3s,12s',
  /** Before a booked call (booking.messages.spec.ts books one a minute or two ahead). */
  callReminders: '15s,5s',
  /** Long enough for a test to finish /candidates and the questionnaire before it goes. */
  confirmationDelay: '10s',
} as const;

/** One call the page made to the pixel: `['track', 'Lead', {...}]`, `['init', id]`... */
export type PixelCall = [string, ...unknown[]];

/**
 * Stands in for Meta's fbevents.js. The tracking module sets up `window.fbq` as Meta's own
 * snippet does (a function that queues its calls in `fbq.queue` until the library loads); this
 * stub then records in `window.__pixelCalls` what Meta would count, in order, with Meta's
 * documented defaults for single-page sites: a PageView of its own on every
 * `history.pushState` unless `fbq.disablePushState`, and a PageView the site sends dropped when
 * one was already counted in this document, unless `fbq.allowDuplicatePageViews`.
 */
const FBEVENTS_STUB = `(() => {
  const calls = (window.__pixelCalls = window.__pixelCalls || []);
  const fbq = window.fbq;
  if (!fbq) return;
  let pageViews = 0;
  const count = (args) => {
    const pageView = args[0] === 'track' && args[1] === 'PageView';
    if (pageView && pageViews > 0 && !fbq.allowDuplicatePageViews) return;
    if (pageView) pageViews += 1;
    calls.push(args);
  };
  const push = history.pushState;
  history.pushState = function (...args) {
    push.apply(this, args);
    if (!fbq.disablePushState) calls.push(['track', 'PageView']);
  };
  for (const args of fbq.queue || []) count(Array.from(args));
  fbq.queue = [];
  fbq.callMethod = (...args) => count(args);
})();`;

/** Routes Meta's script and beacon to stubs; returns a reader of the recorded calls. */
export async function stubPixel(page: Page): Promise<() => Promise<PixelCall[]>> {
  await page.route('https://connect.facebook.net/**', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: FBEVENTS_STUB }),
  );
  await page.route('https://www.facebook.com/**', (route) => route.fulfill({ status: 204 }));
  return () =>
    page.evaluate(() => (window as unknown as { __pixelCalls?: PixelCall[] }).__pixelCalls ?? []);
}

/** Serves a small page in place of the external questionnaire. */
export async function stubQuestionnaire(page: Page): Promise<void> {
  const origin = new URL(CONFIGURED.questionnaireUrl).origin;
  await page.route(`${origin}/**`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><title>Questionnaire</title><h1>External questionnaire</h1>',
    }),
  );
}
