import { expect, test } from './fixtures';
import { fillApplication, formSubmit } from './support/lead-forms';
import { mailTo, statusLinkIn } from './support/mailbox';
import { gotoHydrated } from './support/site';

/*
 * A reminder brings an unfinished candidate back (issue 21, decision 154), on the `messages`
 * server: its mail goes to this spec's SMTP server and its reminders come seconds after the form.
 */

const remindersTo = (email: string) =>
  mailTo(email).filter((text) =>
    text.includes('Subject: Your Talent Bridge application is waiting'),
  );

let counter = 0;
const uniqueEmail = (label: string) =>
  `${label}-${Date.now().toString(36)}-${(counter++).toString(36)}@example.com`;

test('a reminder brings the candidate back to finish /apply, and no further reminder comes', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const email = uniqueEmail('reminded');
  // Left at the same moment: its second reminder says when ours would have come.
  const control = uniqueEmail('reminded-control');
  await gotoHydrated(page, '/career');
  await page.getByLabel('Email').fill(email);
  await formSubmit(page, 'Get Started').click();
  await expect(page).toHaveURL(/\/apply$/);
  expect(
    (await page.request.post('/api/candidates/email', { data: { email: control } })).ok(),
  ).toBe(true);

  await expect.poll(() => remindersTo(email).length, { timeout: 15_000 }).toBe(1);
  const [reminder] = remindersTo(email);
  const link = statusLinkIn(reminder, 'apply');
  expect(link).toBeDefined();

  // A fresh browser, as from the mail client: the link opens /apply with the e-mail filled in.
  await page.context().clearCookies();
  await page.goto(link!);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/apply/);
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await fillApplication(page);
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByText('Application Submitted!').first()).toBeVisible();

  await expect.poll(() => remindersTo(control).length, { timeout: 30_000 }).toBe(2);
  expect(remindersTo(email)).toHaveLength(1);
});
