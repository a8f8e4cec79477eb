import AxeBuilder from '@axe-core/playwright';
import { test } from './fixtures';
import { expect, lead, openTab, signIn, uniqueTag } from './support/admin';
import { mailTo, statusLinkIn } from './support/mailbox';
import {
  AVAILABILITY_URL,
  DEFAULT_AVAILABILITY,
  WEEKDAYS,
} from '../../src/shared/booking-availability';

/*
 * The recruiter's side of a booked call (issue 43), on the `messages` server (real SMTP): a
 * person books, a recruiter marks the call a no-show from the Board's calls, and the person gets
 * one "we missed you, pick a new time" e-mail whose link leads back to booking.
 */

const MISSED = 'Subject: We missed you: pick a new time for your call';
const inviteToken = (mail: string | undefined) =>
  /\/admin\/invite\?token=([\w-]+)/.exec(mail ?? '')?.[1];

test('a recruiter marks a no-show and the person is asked, once, to pick a new time', async ({
  browser,
  baseURL,
  page,
}) => {
  test.setTimeout(120_000);
  const tag = uniqueTag('noshow');
  const email = `${tag}@example.com`;
  // A recruiter of this test's own is a host from two days on, clear of the times another spec
  // books (an account that never saved an availability offers no calls).
  await signIn(page);
  const host = `${uniqueTag('host')}@example.com`;
  expect(
    (
      await page.request.post('/api/admin/users', { data: { email: host, role: 'recruiter' } })
    ).status(),
  ).toBe(201);
  await expect.poll(() => inviteToken(mailTo(host)[0]), { timeout: 30_000 }).toBeTruthy();
  const recruiter = await browser.newContext({ baseURL });
  const accepted = await recruiter.request.post('/api/admin/invitation/accept', {
    data: {
      token: inviteToken(mailTo(host)[0]),
      name: `Host ${tag}`,
      password: 'a long and quiet river stone',
    },
  });
  expect(accepted.status()).toBe(200);
  const weekly = Object.fromEntries(
    WEEKDAYS.map((day) => [day, [{ start: '00:00', end: '23:30' }]]),
  );
  const hosting = await recruiter.request.put(AVAILABILITY_URL, {
    data: { ...DEFAULT_AVAILABILITY, weekly, minimumNoticeHours: 48, dailyCap: 1000 },
  });
  expect(hosting.status()).toBe(200);
  await recruiter.close();

  // The person applies and books the last time offered, the owner's (when another spec set
  // theirs) or the recruiter's.
  const person = await browser.newContext({ baseURL });
  await lead.application(person.request, email, tag);
  const offered = await person.request.get('/api/booking');
  const { timeZone, slots } = (await offered.json()) as {
    timeZone: string;
    slots: { start: string }[];
  };
  const start = slots.at(-1)!.start;
  const booked = await person.request.post('/api/booking', { data: { start } });
  expect(booked.status()).toBe(201);
  const day = new Date(start).toLocaleDateString('en-CA', { timeZone });

  const panel = await openTab(page, 'Board');
  const calls = panel.getByRole('region', { name: /calls/i });
  await expect(calls.getByRole('heading', { name: "Today's calls" })).toBeVisible();
  await calls.getByLabel('Day').fill(day);
  await expect(calls.getByRole('heading', { name: `Calls on ${day}` })).toBeVisible();
  const call = calls.getByRole('listitem').filter({ hasText: `Grace ${tag}` });
  await expect(call).toContainText('Booked');
  await expect(call).toContainText(new RegExp(`with (Owner|Host ${tag})Booked`));
  const axe = await new AxeBuilder({ page }).include('[role="tabpanel"] section').analyze();
  expect(axe.violations.map((violation) => violation.id)).toEqual([]);
  await call.getByRole('button', { name: `No-show: Grace ${tag}` }).click();
  await expect(call).toContainText('No-show');
  await expect(call.getByRole('button', { name: `No-show: Grace ${tag}` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  // Marked again: still one message.
  await call.getByRole('button', { name: `No-show: Grace ${tag}` }).click();

  // The lead is one click away: its drawer (by the URL) shows the call and its mark.
  await call.getByRole('button', { name: `Grace ${tag}`, exact: true }).click();
  await expect(page).toHaveURL(/[?&]candidate=\d+/);
  await expect(page.getByRole('dialog')).toContainText('Screening call:');
  await expect(page.getByRole('dialog')).toContainText('No-show');

  const missed = () => mailTo(email).filter((mail) => mail.includes(MISSED));
  await expect.poll(() => missed().length, { timeout: 30_000 }).toBe(1);
  expect(missed()[0]).toContain('Pick a new time');
  const link = statusLinkIn(missed()[0]);
  expect(link).toBeDefined();
  // The link leads to the person's page, and from it to a new time.
  const reader = await person.newPage();
  await reader.goto(link!);
  await reader.getByRole('button', { name: 'Open My Status Page' }).click();
  await reader.getByRole('link', { name: 'Book your call' }).click();
  await expect(reader.getByRole('heading', { name: 'Move Your Call' })).toBeVisible();
  await page.waitForTimeout(2_000);
  expect(missed()).toHaveLength(1);
  await person.close();
});
