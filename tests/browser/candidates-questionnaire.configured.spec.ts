import type { Page, Request } from '@playwright/test';
import { expect, test } from './fixtures';
import { besideSpec } from './support/payload';
import { CONFIGURED, stubQuestionnaire } from './support/outside-world';
import { gotoHydrated } from './support/site';
import { toastItem as toast } from './support/lead-forms';

/** /typeform with QUESTIONNAIRE_URL set: the external form (a stub here) in the frame. */

const EXTERNAL_SRC = `${CONFIGURED.questionnaireUrl}?fillout-embed-id=application`;
const externalOrigin = new URL(CONFIGURED.questionnaireUrl).origin;
const iframe = (page: Page) => page.locator('iframe[title="Application questionnaire"]');

function completionCalls(page: Page): Request[] {
  const calls: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/candidates/typeform-completed'))
      calls.push(request);
  });
  return calls;
}

/** Opens /typeform once the app listens and the external form is in its frame. */
async function gotoTypeform(page: Page) {
  await stubQuestionnaire(page);
  await gotoHydrated(page, '/typeform');
  await expect(
    page
      .frameLocator('iframe[title="Application questionnaire"]')
      .getByRole('heading', { name: 'External questionnaire' }),
  ).toBeVisible();
}

/** Posts a message to /typeform from whatever document its frame holds now. */
async function postFromFrame(page: Page, data: unknown) {
  const frame = await (await iframe(page).elementHandle())?.contentFrame();
  if (!frame) throw new Error('no questionnaire frame');
  await frame.evaluate((message) => window.parent.postMessage(message, '*'), data);
}

const SUBMIT = { type: 'form_submit', embedId: 'application', submissionUuid: 'abc' };

test('the server sends /typeform with the external address, and hydration keeps it', async ({
  page,
  request,
}) => {
  const html = await (await request.get('/typeform')).text();
  expect(html).toContain(`<iframe src="${EXTERNAL_SRC.replaceAll('&', '&amp;')}"`);
  expect(html).not.toContain('/questionnaire?fillout-embed-id');
  // The console guard fails the test on a hydration mismatch.
  await gotoTypeform(page);
  await expect(iframe(page)).toHaveAttribute('src', EXTERNAL_SRC);
  expect((await iframe(page).boundingBox())?.height).toBe(500);
});

test("the external form's submit message completes the application", async ({ page }) => {
  const email = `external-${Date.now()}@example.com`;
  // Init scripts also run in the external frame, which has no storage of ours.
  await page.addInitScript((value) => {
    if (window === window.top) sessionStorage.setItem('candidateEmail', value);
  }, email);
  const calls = completionCalls(page);
  await gotoTypeform(page);
  await postFromFrame(page, SUBMIT);
  await expect(toast(page)).toContainText('Application Complete!');
  await expect(page).toHaveURL(/\/thank-you$/);
  expect(calls.map((call) => call.postDataJSON())).toEqual([{ email, ...besideSpec }]);
});

test('submit messages from any other origin are ignored', async ({ page }) => {
  const calls = completionCalls(page);
  await gotoTypeform(page);
  // From the page itself (our origin, not the frame).
  await page.evaluate((message) => window.postMessage(message, '*'), SUBMIT);
  // From the frame once it shows a page of our origin instead of the external form.
  await iframe(page).evaluate((frame: HTMLIFrameElement) => {
    frame.src = '/questionnaire?fillout-embed-id=application';
  });
  await page.frameLocator('iframe').locator('html[data-hydrated="true"]').waitFor({
    state: 'attached',
  });
  await postFromFrame(page, SUBMIT);
  await page.waitForTimeout(2500); // past one completion poll
  await expect(page).toHaveURL(/\/typeform$/);
  expect(calls).toHaveLength(0);
  // The page was listening all along: the external origin is heard.
  await iframe(page).evaluate((frame: HTMLIFrameElement, src) => (frame.src = src), EXTERNAL_SRC);
  await expect(
    page.frameLocator('iframe').getByRole('heading', { name: 'External questionnaire' }),
  ).toBeVisible();
  expect(new URL((await iframe(page).getAttribute('src')) ?? '').origin).toBe(externalOrigin);
  await postFromFrame(page, SUBMIT);
  await expect(page).toHaveURL(/\/thank-you$/);
});
