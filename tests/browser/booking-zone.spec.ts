import type { Page } from '@playwright/test';
import { BOOKING_NOTICES } from '../../src/shared/booking-view';
import { validBodies } from '../support/lead-bodies';
import { expect, test } from './fixtures';
import { ownerTakesCalls } from './support/admin';
import { mobileViewport } from './support/site';
import { uniqueEmail } from './support/tracking';

/*
 * /book in the person's own time zone (issue 43): with JavaScript, the zone the browser reports,
 * its name printed, also for the booked call; without JavaScript, the host's and the chooser.
 */

/** None of the chooser's zones: any zone the browser reports is taken. */
const ZONE = 'Europe/Berlin';
test.use({ timezoneId: ZONE });
test.beforeAll(({ browser }, { project }) => ownerTakesCalls(browser, project.use.baseURL));

const inZone = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('en-US', { timeZone: ZONE, ...options });
/** "Central European Standard Time", as Intl (and so the server) names it today. */
const zoneName = () =>
  inZone({ timeZoneName: 'long' })
    .formatToParts(new Date())
    .find((part) => part.type === 'timeZoneName')!.value;
const spaced = (text: string) => text.replace(/\s+/g, ' ').trim();

/** This browser applies (its form proof), then opens /book. */
async function applyAndOpen(page: Page) {
  const applied = await page.request.post('/api/candidates/submit', {
    data: validBodies.candidateApplication(uniqueEmail('zone')),
  });
  expect(applied.status()).toBe(200);
  await page.goto('/book');
}

test("with JavaScript: the times and the booked call in the browser's zone, named", async ({
  page,
}) => {
  await applyAndOpen(page);
  // Shown in place: no reload (one visit counts once: booking-count.configured.spec.ts).
  await expect(page.getByText(`Times are in ${zoneName()} (${ZONE}).`)).toBeVisible();
  await expect(page).toHaveURL('/book');
  await expect(page.getByLabel('Your time zone')).toHaveValue(ZONE);
  const first = page.locator('input[name="start"]').first();
  const start = (await first.getAttribute('value'))!;
  const label = page.locator(`label:has(input[value="${start}"])`);
  expect(spaced(await label.innerText())).toBe(
    spaced(inZone({ hour: 'numeric', minute: '2-digit' }).format(new Date(start))),
  );

  // The zone is posted with the booking: the call is told in it.
  await first.check();
  await page.getByRole('button', { name: 'Book This Time' }).click();
  await expect(page.getByRole('status')).toHaveText(BOOKING_NOTICES.booked);
  await expect(page).toHaveURL(`/book?zone=${encodeURIComponent(ZONE)}`);
  await expect(page.getByText(/Your screening call is on /)).toContainText(
    `(${ZONE}, ${zoneName()})`,
  );

  // The chooser works with JavaScript too.
  await page.getByLabel('Your time zone').selectOption('America/Chicago');
  await page.getByRole('button', { name: 'Show Times' }).click();
  await expect(page.getByText(/^Times are in /)).toContainText('(America/Chicago)');
  await expect(page.getByText(/Your screening call is on /)).toContainText('(America/Chicago');
});

test("without JavaScript: the host's zone and the chooser, never the browser's", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  await applyAndOpen(page);
  await expect(page.getByText(/^Times are in /)).toBeVisible();
  await expect(page.getByText(/^Times are in /)).not.toContainText(ZONE);
  expect(new URL(page.url()).search).toBe('');
  await expect(page.getByLabel('Your time zone')).not.toHaveValue(ZONE);
  // The chooser shows the times in a picked zone.
  await page.getByLabel('Your time zone').selectOption('America/Chicago');
  await page.getByRole('button', { name: 'Show Times' }).click();
  await expect(page.getByText(/^Times are in /)).toContainText('(America/Chicago)');
  await context.close();
});

test("each day's times reach over the hosts' hours: a person free only in the afternoon finds one", async ({
  page,
}) => {
  await applyAndOpen(page);
  // The owner's hours, 9 to 12 and 13 to 17 UTC: more than the six times a day the page offers.
  await page.goto('/book?zone=UTC');
  const days = page.getByRole('group');
  await expect(days).toHaveCount(5);
  for (const day of await days.all()) {
    await expect(day.getByText(/PM$/).first()).toBeVisible();
  }
});

test('on a phone: "Book This Time" follows the day picked, right under its times, next in the focus order', async ({
  page,
}) => {
  await page.setViewportSize(mobileViewport);
  await applyAndOpen(page);
  // The browser's zone shown in place: the page is hydrated and its times final.
  await expect(page.getByText(`Times are in ${zoneName()} (${ZONE}).`)).toBeVisible();
  const form = page.locator('form:has(input[name="start"])');
  const submit = form.getByRole('button', { name: 'Book This Time' });
  /** The button directly after the fieldset `which` picks (a CSS pseudo-class): next in focus. */
  const after = (which: string) => form.locator(`fieldset:${which} + div`).getByRole('button');
  const day = (n: number) => form.getByRole('group').nth(n).locator('input[name="start"]');
  // Before any choice: below the last day, as without JavaScript.
  await expect(after('last-of-type')).toHaveText('Book This Time');

  // A time in an early day (the first may hold one time only, near the notice's end), its times
  // at the screen's foot: the button comes right under them, in view at once.
  await form
    .getByRole('group')
    .nth(1)
    .evaluate((times) => times.scrollIntoView({ block: 'end', behavior: 'instant' }));
  await day(1).nth(1).check();
  await expect(submit).toBeInViewport({ ratio: 1 });
  await expect(after('nth-of-type(2)')).toHaveText('Book This Time');

  // By keyboard: the arrow keys walk into the next day and back, the button following, nothing
  // over the focused time; Tab goes from the time to the button.
  await day(1).last().check();
  await page.keyboard.press('ArrowDown');
  await expect(day(2).first()).toBeFocused();
  await expect(day(2).first()).toBeChecked();
  await expect(after('nth-of-type(3)')).toHaveText('Book This Time');
  await expect(day(2).first()).toBeInViewport();
  await page.keyboard.press('ArrowUp');
  await expect(day(1).last()).toBeChecked();
  await expect(after('nth-of-type(2)')).toHaveText('Book This Time');
  await page.keyboard.press('Tab');
  await expect(submit).toBeFocused();
  await expect(submit).toBeInViewport({ ratio: 1 });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toHaveText(BOOKING_NOTICES.booked);
});

test('cancelling the call asks once more: the first press only opens the question', async ({
  page,
}) => {
  await applyAndOpen(page);
  // The last time: the other tests on this server book the first ones, side by side.
  await page.locator('input[name="start"]').last().check();
  await page.getByRole('button', { name: 'Book This Time' }).click();
  await expect(page.getByRole('status')).toHaveText(BOOKING_NOTICES.booked);
  const ask = page.getByText('Cancel My Call', { exact: true });
  const yes = page.getByRole('button', { name: 'Yes, Cancel My Call' });
  await expect(yes).toBeHidden();
  // By keyboard: the question opens with Enter, and nothing is cancelled yet.
  await ask.focus();
  await page.keyboard.press('Enter');
  await expect(yes).toBeVisible();
  await expect(page.getByText(/Your screening call is on /)).toBeVisible();
  await expect(page.getByRole('status')).toHaveText(BOOKING_NOTICES.booked);
  await yes.click();
  await expect(page.getByRole('status')).toHaveText(BOOKING_NOTICES.cancelled);
  await expect(page.getByText(/Your screening call is on /)).toHaveCount(0);
});

test('on a phone: each time zone the picker offers reads in full in it, never cut off', async ({
  page,
}) => {
  await page.setViewportSize(mobileViewport);
  await applyAndOpen(page);
  const picker = page.getByLabel('Your time zone');
  await expect(picker).toHaveValue(ZONE);
  const cut = await picker.evaluate((select: HTMLSelectElement) => {
    const style = getComputedStyle(select);
    const pen = document.createElement('canvas').getContext('2d')!;
    pen.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    // The text's room: the box less its padding and the arrow (about 20 px) drawn inside it.
    const padding = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
    const room = select.clientWidth - padding - 20;
    const texts = [...select.options].map((one) => one.text);
    return texts.filter((text) => pen.measureText(text).width > room);
  });
  expect(cut).toEqual([]);
});
