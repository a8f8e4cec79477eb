import { CALL_OPEN, NOTHING_TO_DO } from '../../src/shared/person-status';
import { expect, test } from './fixtures';
import { answerQuestionnaire } from './support/lead-forms';
import { mailTo, statusLinkIn } from './support/mailbox';
import { gotoHydrated } from './support/site';

/*
 * A candidate who finishes in one sitting gets one right e-mail (issue 40, decision 154), on the
 * `messages` server: its confirmation waits MESSAGES.confirmationDelay, then reads the lead.
 */

const confirmationTo = (email: string) =>
  mailTo(email).find((text) =>
    text.includes('Subject: We received your Talent Bridge application'),
  );

test('one sitting through /candidates and the questionnaire: the confirmation says complete and opens the status page', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const email = `one-sitting-${Date.now()}@example.com`;
  await gotoHydrated(page, '/candidates');
  await page.getByLabel('First name').fill('Katherine');
  await page.getByLabel('Last name').fill('Johnson');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue to Application' }).click();
  await expect(page).toHaveURL(/\/typeform$/);

  const frame = page.frameLocator('iframe[title="Application questionnaire"]');
  await frame.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  await answerQuestionnaire(frame);
  await frame.getByRole('button', { name: 'Submit Answers' }).click();
  await expect(page).toHaveURL(/\/thank-you$/);
  // Finished before the confirmation went: the test proves the send, not a race.
  expect(confirmationTo(email)).toBeUndefined();

  await expect.poll(() => confirmationTo(email), { timeout: 45_000 }).toBeDefined();
  const mail = confirmationTo(email)!;
  expect(mail).toContain('Your application is complete');
  expect(mail).not.toContain('still open');
  expect(statusLinkIn(mail, 'questionnaire')).toBeUndefined();
  // Nothing open, no reminders: the mail offers what the page does, withdrawing.
  expect(mail).toContain('correct your details or withdraw your application');
  const link = statusLinkIn(mail);
  expect(link).toBeDefined();

  // A fresh browser, as from the mail client: the button opens the status page, not a form.
  await page.context().clearCookies();
  await page.goto(link!);
  await page.getByRole('button', { name: 'Open My Status Page' }).click();
  await expect(page).toHaveURL(/\/status$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your Application Status');
  await expect(page.getByRole('link', { name: 'Finish the questionnaire' })).toHaveCount(0);
  // Where they stand: applied, our move next, no reminder offered with no step open.
  const progress = page.getByRole('list', { name: 'Your progress' });
  await expect(progress.locator('[aria-current="step"]')).toHaveText(/^Applied/);
  // Our move next, unless a host has a time open (booking.messages.spec.ts shares this server):
  // then booking the call is theirs.
  const canBook = await page.getByRole('link', { name: 'Book your call' }).count();
  await expect(page.getByText(canBook ? CALL_OPEN : NOTHING_TO_DO)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Stop Reminders' })).toHaveCount(0);
  await expect(page.getByText('Withdraw my application')).toBeVisible();
});
