import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from '@playwright/test';
import { AVAILABILITY_URL } from '../../src/shared/booking-availability';
import { BOOKING_NOTICES } from '../../src/shared/booking-view';
import { BOOKINGS_URL, outcomeUrl } from '../../src/shared/booking-calls';
import { CALL_BOOKED, NOTHING_TO_DO, STATUS_NOTICES } from '../../src/shared/person-status';
import { invitationIn, type Invitation } from '../support/calendar-mail';
import { E2E_ADMIN_PASSWORD } from '../support/e2e';
import { readableMail } from '../support/smtp';
import { test } from './fixtures';
import { expect, lead, openTab, signIn, uniqueTag } from './support/admin';
import { applyWithoutJavaScript } from './support/lead-forms';
import { mailTo, receivedBy, statusLinkIn } from './support/mailbox';
import { MESSAGES } from './support/outside-world';
import { axeViolations } from './support/site';

/*
 * Booking the screening call (issue 43), on the `messages` server (its mail reaches a real SMTP
 * server; CALL_REMINDERS is MESSAGES.callReminders). Without JavaScript: apply, book from the
 * thank-you page, read the invitation, move the call from the status page, then cancel it. Then
 * the recruiter's side: a call starting within a minute is marked a no-show once it starts, and
 * the person's pages say when it was, with a new time to pick, until it is marked attended.
 */

// Each test saves the one availability, for calls a minute ahead: one after the other.
test.describe.configure({ mode: 'default' });

const MINUTE = 60_000;
const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
/** 15s,5s: the reminders' seconds before the call. */
const reminderLeads = MESSAGES.callReminders.split(',').map((item) => parseInt(item) * 1000);

const iso = (time: number) => new Date(time).toISOString().replace('.000Z', 'Z');

/**
 * An availability whose first slot starts at the next whole minute at least `aheadMs` away, every
 * minute for ten minutes, every day. Near UTC midnight the window would wrap: the host is then in
 * Tokyo (UTC+9, no daylight saving).
 */
function availabilitySoon(aheadMs: number) {
  const first = Math.ceil((Date.now() + aheadMs) / MINUTE) * MINUTE;
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

/** Saves availabilitySoon(aheadMs) as the owner, in `owner`'s own context. */
async function openSoon(context: Promise<BrowserContext>, aheadMs: number) {
  const owner = await context;
  const soon = availabilitySoon(aheadMs);
  const { request } = owner;
  const login = await request.post('/api/admin/login', { data: { password: E2E_ADMIN_PASSWORD } });
  expect(login.status()).toBe(200);
  const saved = await request.put(AVAILABILITY_URL, { data: soon.settings });
  expect(saved.status()).toBe(200);
  await owner.close();
  return soon;
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
  // 50 s: the first call's reminders fall within the test.
  const { first, shownZone, settings } = await openSoon(browser.newContext({ baseURL }), 50_000);

  const email = `booking-${Date.now()}@example.com`;
  const page = await applyWithoutJavaScript(browser, baseURL!, email);
  const context = page.context();
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
  const callOn = page.getByText(/Your screening call is on /);
  await expect(callOn).toContainText(`(${settings.timeZone}, `);
  const when = await callOn.innerText();
  // The page leads with the call held, not with booking one.
  const held = async (shown: Page, time: string) => {
    await expect(shown.getByRole('heading', { level: 1 })).toHaveText('Your Screening Call');
    await expect(shown.getByText(/Pick a time for a short call/)).toHaveCount(0);
    await expect(shown.getByText(time)).toBeVisible();
  };
  await held(page, when);

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

  // The e-mail's "Move or cancel your call": one press, and /book holds the call.
  const link = statusLinkIn(mail, 'book');
  expect(link).toBeDefined();
  await page.goto(link!);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/book$/);
  await held(page, when);
  // The move, from the status page, which says the call is booked, and when, not "Book your
  // call" (nor "Nothing to do").
  await page.goto('/status');
  await expect(page.getByText(CALL_BOOKED)).toBeVisible();
  await expect(page.getByText(when)).toBeVisible();
  await page.getByRole('link', { name: 'Move or cancel your call' }).click();
  await expect(page.getByRole('heading', { name: 'Move Your Call' })).toBeVisible();
  const second = first + MINUTE;
  await choose(page, second, 'Move to This Time');
  await expect(page.getByRole('status')).toHaveText(BOOKING_NOTICES.moved);
  // With JavaScript (after the move: the first call's reminders must not come first), the same
  // pages say the new time, in the zone it was booked in, as /book without JavaScript does.
  const movedTo = await callOn.innerText();
  const scripted = await browser.newContext({
    baseURL,
    storageState: await context.storageState(),
  });
  for (const path of ['/status', `/book?zone=${settings.timeZone}`]) {
    const shown = await scripted.newPage();
    await shown.goto(path);
    await shown.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    if (path === '/status') await expect(shown.getByText(movedTo)).toBeVisible();
    else await held(shown, movedTo);
  }
  await scripted.close();
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
  await page.getByText('Cancel My Call', { exact: true }).click();
  await page.getByRole('button', { name: 'Yes, Cancel My Call' }).click();
  await expect(page.getByRole('status')).toHaveText(BOOKING_NOTICES.cancelled);
  // Back to booking one.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Book Your Call');
  const cancelled = await invitation(email, 'Your screening call is cancelled');
  expect(cancelled).toMatchObject({ method: 'CANCEL', uid: booked.uid, status: 'CANCELLED' });
  expect(cancelled.sequence).toBeGreaterThan(moved.sequence);
  // Past the moved call's start (and the worker's next polls): still those two reminders.
  await page.waitForTimeout(Math.max(0, second - Date.now()) + 3_000);
  expect(reminders()).toHaveLength(reminderLeads.length);
  await context.close();
});

const MISSED = 'Subject: We missed you: pick a new time for your call';
const WAS_ON = /^Your screening call was on /;

test('a recruiter marks a no-show once the call starts, and the person is asked, once, to pick a new time; once attended, not', async ({
  browser,
  baseURL,
  page,
}) => {
  test.setTimeout(180_000);
  const tag = uniqueTag('noshow');
  const email = `${tag}@example.com`;
  const { first, settings } = await openSoon(browser.newContext({ baseURL }), 15_000);
  await signIn(page);

  // The person applies and books the first time, 15 to 75 s away.
  const person = await browser.newContext({ baseURL });
  await lead.application(person.request, email, tag);
  const start = iso(first);
  const booked = await person.request.post('/api/booking', { data: { start } });
  expect(booked.status()).toBe(201);
  const day = new Date(start).toLocaleDateString('en-CA', { timeZone: settings.timeZone });

  const panel = await openTab(page, 'Board');
  const calls = panel.getByRole('region', { name: /calls/i });
  await expect(calls.getByRole('heading', { name: "Today's calls" })).toBeVisible();
  await calls.getByLabel('Day').fill(day);
  const call = calls.getByRole('listitem').filter({ hasText: `Grace ${tag}` });
  await expect(call).toContainText('Booked');
  const noShow = call.getByRole('button', { name: `No-show: Grace ${tag}` });
  // Before its start nobody can tell: the marks wait, and say why.
  await expect(noShow).toBeDisabled();
  await expect(call.getByText('This call has not started yet')).toBeVisible();
  await expect(noShow).toHaveAccessibleDescription('This call has not started yet');
  const axe = await new AxeBuilder({ page }).include('[role="tabpanel"] section').analyze();
  expect(axe.violations.map((violation) => violation.id)).toEqual([]);

  // At its start they open, without a reload.
  await expect(noShow).toBeEnabled({ timeout: Date.parse(start) - Date.now() + 10_000 });
  await expect(call.getByText('This call has not started yet')).toHaveCount(0);
  await noShow.click();
  await expect(call).toContainText('No-show');
  await expect(noShow).toHaveAttribute('aria-pressed', 'true');
  // Marked again: still one message.
  await noShow.click();

  // The lead is one click away: its drawer (by the URL) shows the call and its mark.
  await call.getByRole('button', { name: `Grace ${tag}`, exact: true }).click();
  await expect(page).toHaveURL(/[?&]candidate=\d+/);
  await expect(page.getByRole('dialog')).toContainText('Screening call:');
  await expect(page.getByRole('dialog')).toContainText('No-show');
  // Its timeline tells the call's story, and who marked it.
  await expect(page.getByRole('dialog')).toContainText('Call booked by the person');
  await expect(page.getByRole('dialog')).toContainText('Call marked No-show by ');

  const missed = () => mailTo(email).filter((mail) => mail.includes(MISSED));
  await expect.poll(() => missed().length, { timeout: 30_000 }).toBe(1);
  expect(missed()[0]).toContain('Pick a new time');
  const link = statusLinkIn(missed()[0], 'book');
  expect(link).toBeDefined();
  // The link leads to the times in one press; the person's status page leads there too.
  const reader = await person.newPage();
  await reader.goto(link!);
  await reader.getByRole('button', { name: 'Continue' }).click();
  await expect(reader.getByRole('heading', { name: 'Pick a New Time' })).toBeVisible();
  await reader.goto('/status');
  // Both pages say when the call was; /book offers a new time in its place, not a cancel.
  await expect(reader.getByText(WAS_ON)).toBeVisible();
  await reader.getByRole('link', { name: 'Book your call' }).click();
  const plain = await browser.newContext({
    baseURL,
    javaScriptEnabled: false,
    storageState: await person.storageState(),
  });
  const unscripted = await plain.newPage();
  await unscripted.goto('/book');
  for (const shown of [reader, unscripted]) {
    await expect(shown.getByRole('heading', { name: 'Pick a New Time' })).toBeVisible();
    await expect(shown.getByText(WAS_ON)).toBeVisible();
    await expect(shown.getByText('Cancel My Call')).toHaveCount(0);
    await expect(shown.getByRole('button', { name: 'Book This Time' })).toBeVisible();
  }

  // Marked attended after all: no new time, the team will be in touch.
  const listed = await page.request.get(`${BOOKINGS_URL}?day=${day}`);
  const id = (await listed.json()).calls.find(
    (one: { name: string }) => one.name === `Grace ${tag}`,
  ).id;
  const marked = await page.request.post(outcomeUrl(id), { data: { outcome: 'attended' } });
  expect(marked.status()).toBe(200);
  for (const shown of [reader, unscripted]) {
    await shown.reload();
    await expect(shown.getByText(WAS_ON)).toBeVisible();
    await expect(shown.getByText(NOTHING_TO_DO)).toBeVisible();
    await expect(shown.locator('input[name="start"]')).toHaveCount(0);
  }
  await unscripted.goto('/status');
  await expect(unscripted.getByText(WAS_ON)).toBeVisible();
  await expect(unscripted.getByText(NOTHING_TO_DO)).toBeVisible();
  await expect(unscripted.getByRole('link', { name: 'Book your call' })).toHaveCount(0);
  await page.waitForTimeout(2_000);
  expect(missed()).toHaveLength(1);
  await plain.close();
  await person.close();
});

test('without JavaScript: a person who withdraws with a call booked is told it goes, and gets its cancellation for their calendar', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  // Minutes ahead: the call is still to come when they withdraw.
  const { first } = await openSoon(browser.newContext({ baseURL }), 4 * MINUTE);
  const email = `withdraw-call-${Date.now()}@example.com`;
  const page = await applyWithoutJavaScript(browser, baseURL!, email);
  await page.getByRole('link', { name: 'Book your call' }).click();
  await choose(page, first, 'Book This Time');
  const booked = await invitation(email, 'Your screening call is booked');

  const link = statusLinkIn(
    readableMail(mailsTo(email, 'Your screening call is booked')[0]!),
    'book',
  );
  await page.goto(link!);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.goto('/status');
  await page.getByText('Withdraw my application').click();
  await expect(
    page.getByText(
      'Withdraw your application: we close it, cancel your call and stop every message to you.',
    ),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Yes, Withdraw' }).click();
  await expect(page.getByText(STATUS_NOTICES.withdraw)).toHaveCount(1);

  // The event leaves their calendar: the cancellation goes, with no new time offered.
  const cancelled = await invitation(email, 'Your screening call is cancelled');
  expect(cancelled).toMatchObject({ method: 'CANCEL', uid: booked.uid, status: 'CANCELLED' });
  const mail = readableMail(mailsTo(email, 'Your screening call is cancelled')[0]!);
  expect(mail).not.toContain('Book your call');
  // It says why, as the page did: nothing else follows.
  expect(mail).toContain('is cancelled because you withdrew your application.');
  expect(mail).toContain('We will not contact you again.');
  await page.context().close();
});
