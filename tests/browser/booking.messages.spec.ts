import type { Page } from '@playwright/test';
import { AVAILABILITY_URL } from '../../src/shared/booking-availability';
import { BOOKING_NOTICES } from '../../src/shared/booking-view';
import { invitationIn, type Invitation } from '../support/calendar-mail';
import { E2E_ADMIN_PASSWORD } from '../support/e2e';
import { readableMail } from '../support/smtp';
import { expect, test } from './fixtures';
import { fillApplication } from './support/lead-forms';
import { receivedBy, statusLinkIn } from './support/mailbox';
import { MESSAGES } from './support/outside-world';
import { axeViolations } from './support/site';

/*
 * Booking the screening call without JavaScript (issue 43), on the `messages` server (its mail
 * reaches a real SMTP server; CALL_REMINDERS is MESSAGES.callReminders): apply, book from the
 * thank-you page, read the invitation, move the call from the status page, then cancel it.
 */

const MINUTE = 60_000;
const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
/** 15s,5s: the reminders' seconds before the call. */
const reminderLeads = MESSAGES.callReminders.split(',').map((item) => parseInt(item) * 1000);

const iso = (time: number) => new Date(time).toISOString().replace('.000Z', 'Z');

/**
 * An availability whose first slot starts at the next whole minute at least 50 s away, every
 * minute for ten minutes, every day: its reminders fall within the test. Near UTC midnight the
 * window would wrap: the host is then in Tokyo (UTC+9, no daylight saving).
 */
function availabilitySoon() {
  const first = Math.ceil((Date.now() + 50_000) / MINUTE) * MINUTE;
  const utc = new Date(first);
  const nearMidnight = utc.getUTCHours() === 23 && utc.getUTCMinutes() >= 45;
  const offset = nearMidnight ? 9 * 60 : 0;
  const clock = (time: number) => {
    const minutes = (Math.floor(time / MINUTE) + offset) % (24 * 60);
    return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  };
  const window = [{ start: clock(first), end: clock(first + 10 * MINUTE) }];
  return {
    first,
    shownZone: nearMidnight ? 'Japan Standard Time (Asia/Tokyo)' : 'UTC',
    settings: {
      timeZone: nearMidnight ? 'Asia/Tokyo' : 'UTC',
      weekly: Object.fromEntries(WEEKDAYS.map((day) => [day, window])),
      exceptions: [],
      slotMinutes: 5,
      intervalMinutes: 1,
      bufferMinutes: 0,
      dailyCap: 100,
      minimumNoticeHours: 0,
      sameDay: true,
      horizonDays: 10,
      seats: 1,
    },
  };
}

const mailsTo = (email: string, subject: string) =>
  receivedBy(email).filter((mail) => readableMail(mail).includes(`Subject: ${subject}`));

async function invitation(email: string, subject: string): Promise<Invitation> {
  await expect.poll(() => mailsTo(email, subject).length, { timeout: 30_000 }).toBe(1);
  return invitationIn(mailsTo(email, subject)[0]!.raw);
}

async function choose(page: Page, start: number, button: string) {
  await page.locator(`input[name="start"][value="${iso(start)}"]`).check();
  await page.getByRole('button', { name: button }).click();
}

test('without JavaScript: apply, book from the thank-you page, move from the status page, cancel; each reminder once', async ({
  browser,
  baseURL,
}) => {
  // The reminders come seconds before a call a minute or two ahead.
  test.setTimeout(240_000);
  const { first, shownZone, settings } = availabilitySoon();
  const owner = await browser.newContext({ baseURL });
  const login = await owner.request.post('/api/admin/login', {
    data: { password: E2E_ADMIN_PASSWORD },
  });
  expect(login.status()).toBe(200);
  const saved = await owner.request.put(AVAILABILITY_URL, { data: settings });
  expect(saved.status()).toBe(200);
  await owner.close();

  const email = `booking-${Date.now()}@example.com`;
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  await page.goto('/apply');
  const application = page.locator('form[action="/api/candidates/submit"]');
  await application.getByLabel('Email', { exact: true }).fill(email);
  await fillApplication(page, application);
  await application.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page).toHaveURL('/thank-you');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Application Received!');

  await page.getByRole('link', { name: 'Book your call' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Book Your Call');
  await expect(page.getByText(`Times are in ${shownZone}.`)).toBeVisible();
  // Five days of six times each: at least six over at least three days.
  const days = page.locator('fieldset');
  await expect(days).toHaveCount(5);
  await expect(page.locator('input[name="start"]')).toHaveCount(30);
  // The same page with JavaScript (axe runs in the page), for this browser's proof.
  const withScript = await browser.newContext({
    baseURL,
    storageState: await context.storageState(),
  });
  const seen = await withScript.newPage();
  await seen.goto('/book');
  await seen.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  await expect(seen.locator('input[name="start"]')).toHaveCount(30);
  expect(await axeViolations(seen)).toEqual([]);
  await withScript.close();
  await choose(page, first, 'Book This Time');
  await expect(page.getByRole('status')).toHaveText(BOOKING_NOTICES.booked);
  await expect(page.getByText(/Your screening call is on /)).toBeVisible();

  const booked = await invitation(email, 'Your screening call is booked');
  expect(booked).toMatchObject({
    method: 'REQUEST',
    sequence: 0,
    start: iso(first),
    startUtc: true,
  });
  expect(booked.attendee.toLowerCase()).toBe(`mailto:${email}`);
  expect(booked.organizer).toMatch(/^mailto:/);
  const mail = readableMail(mailsTo(email, 'Your screening call is booked')[0]!);
  expect(mail).toContain('https://calendar.google.com/calendar/render?action=TEMPLATE');

  // The move, from the status page the e-mail opens (in this browser: it keeps the form proof).
  const link = statusLinkIn(mail);
  expect(link).toBeDefined();
  await page.goto(link!);
  await page.getByRole('button', { name: 'Open My Status Page' }).click();
  await expect(page).toHaveURL(/\/status$/);
  await page.getByRole('link', { name: 'Book your call' }).click();
  await expect(page.getByRole('heading', { name: 'Move Your Call' })).toBeVisible();
  const second = first + MINUTE;
  await choose(page, second, 'Move to This Time');
  await expect(page.getByRole('status')).toHaveText(BOOKING_NOTICES.moved);
  const moved = await invitation(email, 'Your screening call has moved');
  expect(moved).toMatchObject({
    method: 'REQUEST',
    uid: booked.uid,
    sequence: 1,
    start: iso(second),
  });

  // Each reminder of the moved call once; the first call's, due earlier, never.
  const reminders = () => mailsTo(email, 'Reminder: your screening call');
  await expect
    .poll(() => reminders().length, { timeout: second - Date.now() + 15_000 })
    .toBe(reminderLeads.length);
  await page.getByRole('button', { name: 'Cancel My Call' }).click();
  await expect(page.getByRole('status')).toHaveText(BOOKING_NOTICES.cancelled);
  const cancelled = await invitation(email, 'Your screening call is cancelled');
  expect(cancelled).toMatchObject({ method: 'CANCEL', uid: booked.uid, status: 'CANCELLED' });
  expect(cancelled.sequence).toBeGreaterThan(moved.sequence);
  // Past the moved call's start (and the worker's next polls): still those two reminders.
  await page.waitForTimeout(Math.max(0, second - Date.now()) + 3_000);
  expect(reminders()).toHaveLength(reminderLeads.length);
  await context.close();
});
