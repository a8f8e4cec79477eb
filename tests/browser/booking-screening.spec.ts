import type { Browser, Page } from '@playwright/test';
import { CRIMINAL_HISTORY_MESSAGE, DEFAULT_EXPLANATION } from '../../src/shared/booking-screening';
import { BOOKING_NOTICES } from '../../src/shared/booking-view';
import { AVAILABILITY_URL, DEFAULT_AVAILABILITY } from '../../src/shared/booking-availability';
import { test } from './fixtures';
import { expect, openTab, ownServer, signIn } from './support/admin';
import { applyWithoutJavaScript, toastItem } from './support/lead-forms';
import { axeViolations } from './support/site';

/*
 * Knock-out questions before the slots (issue 43). Its own server: the questions are one
 * document, and the other specs' booking pages must not see them. The owner writes one question;
 * without JavaScript, a candidate who answers "no" sees the explanation and no time, one who
 * answers "yes" books.
 */

test.describe.configure({ timeout: 120_000 });

const server = ownServer();
const QUESTION = 'Are you 18 or older?';

/** A candidate without JavaScript: applies, then opens /book from the thank-you page. */
async function applyAndOpenBooking(browser: Browser, baseURL: string, email: string) {
  const page = await applyWithoutJavaScript(browser, baseURL, email);
  await page.getByRole('link', { name: 'Book your call' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Book Your Call');
  return page;
}

const slots = (page: Page) => page.locator('input[name="start"]');

test('the owner asks one question; without JavaScript a "no" sees why and no time, a "yes" books', async ({
  page,
  browser,
}) => {
  const { baseUrl } = server();
  await signIn(page, baseUrl);
  // The owner takes calls: an account that never saved an availability offers none.
  const hosting = await page.request.put(`${baseUrl}${AVAILABILITY_URL}`, {
    data: DEFAULT_AVAILABILITY,
  });
  expect(hosting.status()).toBe(200);
  const section = (await openTab(page, 'Settings')).getByRole('region', {
    name: 'Screening questions',
  });
  await section.getByRole('button', { name: 'Add a question' }).click();
  const question = section.getByLabel('Question 1', { exact: true });
  const explanation = section.getByLabel('What a "no" to question 1 shows');
  // A respectful default, saying what to do instead.
  await expect(explanation).toHaveValue(DEFAULT_EXPLANATION);
  await question.fill('Have you ever been convicted of a felony?');
  await section.getByRole('button', { name: 'Save screening questions' }).click();
  await expect(question).toHaveAccessibleDescription(new RegExp(CRIMINAL_HISTORY_MESSAGE));
  await expect(toastItem(page)).toHaveCount(0);
  await question.fill(QUESTION);
  await question.press('Enter');
  await expect(toastItem(page)).toContainText('Screening questions saved');
  expect(await axeViolations(page, 'section[aria-labelledby="screening-heading"]')).toEqual([]);

  // "No": the explanation, no time, and still none after a reload.
  const minorEmail = `screened-no-${Date.now()}@example.com`;
  const minor = await applyAndOpenBooking(browser, baseUrl, minorEmail);
  const asked = minor.getByRole('group', { name: QUESTION });
  await expect(asked.getByRole('radio')).toHaveCount(2);
  await expect(slots(minor)).toHaveCount(0);
  await asked.getByRole('radio', { name: 'No' }).check();
  await minor.getByRole('button', { name: 'Continue' }).click();
  await expect(minor.getByRole('heading', { name: 'We Cannot Book a Call Yet' })).toBeVisible();
  await expect(minor.getByText(DEFAULT_EXPLANATION)).toBeVisible();
  await expect(slots(minor)).toHaveCount(0);
  await minor.reload();
  await expect(minor.getByText(DEFAULT_EXPLANATION)).toBeVisible();
  await expect(slots(minor)).toHaveCount(0);
  await expect(minor.getByRole('radio')).toHaveCount(0);

  // "Yes", with the keyboard alone: the times, and the booking.
  const adult = await applyAndOpenBooking(
    browser,
    baseUrl,
    `screened-yes-${Date.now()}@example.com`,
  );
  // The questions with JavaScript (axe runs in the page), for this browser's proof.
  const withScript = await browser.newContext({
    baseURL: baseUrl,
    storageState: await adult.context().storageState(),
  });
  const seen = await withScript.newPage();
  await seen.goto('/book');
  await seen.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  await expect(seen.getByRole('group', { name: QUESTION })).toBeVisible();
  expect(await axeViolations(seen)).toEqual([]);
  await withScript.close();
  const yes = adult.getByRole('group', { name: QUESTION }).getByRole('radio', { name: 'Yes' });
  await yes.focus();
  await adult.keyboard.press('Space');
  await expect(yes).toBeChecked();
  await adult.keyboard.press('Enter');
  await expect(adult.getByRole('heading', { name: 'Pick a Time' })).toBeVisible();
  await slots(adult).first().check();
  await adult.getByRole('button', { name: 'Book This Time' }).click();
  await expect(adult.getByRole('status')).toHaveText(BOOKING_NOTICES.booked);
  await expect(adult.getByText(/Your screening call is on /)).toBeVisible();

  // The recruiter reads the "no" in the lead's drawer.
  const candidates = await openTab(page, 'Candidates', minorEmail);
  await candidates.getByRole('button', { name: 'Open details of Maria Lopez' }).click();
  await expect(
    page.getByRole('dialog').getByText(`Screening question: ${QUESTION} No`),
  ).toBeVisible();
  await minor.context().close();
  await adult.context().close();
});
