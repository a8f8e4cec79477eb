import type { Browser, FrameLocator, Locator, Page, Route } from '@playwright/test';
import { expect } from '../fixtures';

/** Chromium logs every failed request as a console error; failure tests expect exactly that. */
export const FAILED_REQUEST_LOG = /Failed to load resource/;

/** The one visible toast (Radix Toast list item in the 'Notifications (F8)' region). */
export function toastItem(page: Page) {
  return page.getByRole('region', { name: /Notifications/ }).getByRole('listitem');
}

/**
 * One assertion for title and description: success toasts close after 3 s (spec), so a
 * slow machine must not spend that time between separate checks.
 */
export async function expectToast(page: Page, title: string, description: string) {
  await expect(toastItem(page)).toHaveText(new RegExp(`^${escapeRegExp(title + description)}$`));
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A form's submit button, looked for inside the form: the page's other buttons (the closing
 * band's, the floating one) carry the same words, and one of them is the only match while the
 * submit reads 'Processing...'.
 */
export const formSubmit = (page: Page, name: string) =>
  page.locator('form').getByRole('button', { name, exact: true });

/** Fills the application's fields other than the e-mail (in `scope`: one form of the page). */
export async function fillApplication(page: Page, scope = page.locator('body')) {
  await scope.getByLabel('First name').fill('Maria');
  await scope.getByLabel('Last name').fill('Lopez');
  await scope.getByLabel('Location').fill('Phoenix, AZ');
  await scope.getByLabel('Education level').selectOption('military');
  await scope.getByLabel('Tech experience').selectOption('some-hardware');
}

/** A person with JavaScript off sends /apply's application: its page, on the thank-you page. */
export async function applyWithoutJavaScript(browser: Browser, baseURL: string, email: string) {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  await page.goto('/apply');
  const application = page.locator('form[action="/api/candidates/submit"]');
  await application.getByLabel('Email', { exact: true }).fill(email);
  await fillApplication(page, application);
  await application.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page).toHaveURL('/thank-you');
  return page;
}

/** Answers the questionnaire's questions (in `scope`: its frame or its form), not its e-mail. */
export async function answerQuestionnaire(scope: FrameLocator | Locator) {
  await scope.getByRole('radio', { name: 'Within a month' }).check();
  await scope
    .getByRole('group', { name: /train full time/ })
    .getByLabel('Yes')
    .check();
  await scope
    .getByRole('group', { name: /relocate/ })
    .getByLabel('No')
    .check();
  await scope.getByLabel('Where do you live?').fill('Reno, NV');
  await scope.getByLabel(/Why do you want/).fill('I want to build the machines of the cloud.');
}

/** Each field's error message, as linked to the control through aria-describedby. */
export async function expectFieldErrors(page: Page, errors: Record<string, string>) {
  for (const [label, message] of Object.entries(errors)) {
    await expect(page.getByLabel(label, { exact: true })).toHaveAccessibleDescription(message);
    await expect(page.getByText(message, { exact: true }).first()).toBeVisible();
  }
}

/** How a failure test breaks the request: the server answers 500, or the network drops it. */
export const failureModes = {
  'the server answers 500': (route: Route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: '{"error":"boom"}',
    }),
  'the request is aborted': (route: Route) => route.abort('failed'),
} as const;

/** The failure toasts of the spec (sections 5 and 6): [title, description]. */
export const failureToasts = {
  application: [
    'Submission Error',
    'There was a problem submitting your application. Please try again later.',
  ],
  employer: ['Submission Error', 'We had trouble submitting your information. Please try again.'],
} as const;

/**
 * Registers one test per failure mode: `run` gets a function that breaks the next request to
 * `endpoint`, submits, expects the failure toast, runs `afterFailure`, then submits again.
 */
export function forEachFailureMode(
  run: (mode: string, failOnceThenResubmit: FailOnce) => void,
): void {
  for (const [mode, breakRequest] of Object.entries(failureModes)) {
    run(mode, async (page, { endpoint, submit, toast, afterFailure }) => {
      await page.route(endpoint, breakRequest, { times: 1 });
      await submit(page);
      await expectToast(page, ...toast);
      await afterFailure?.();
      await submit(page);
    });
  }
}

type FailOnce = (
  page: Page,
  steps: {
    endpoint: string;
    submit: (page: Page) => Promise<void>;
    toast: readonly [string, string];
    afterFailure?: () => Promise<void>;
  },
) => Promise<void>;

/**
 * Holds requests to `path` until `release()` is called, then lets them through to the real
 * server: lets a test see the busy state of a submit button.
 */
export async function holdRequests(page: Page, path: string | RegExp) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(path, async (route) => {
    await released;
    // A request the page gave up on meanwhile cannot go on.
    await route.continue().catch(() => undefined);
  });
  return { release };
}

/** Session-storage value in the page. */
export function sessionValue(page: Page, key: string) {
  return page.evaluate((name) => window.sessionStorage.getItem(name), key);
}
