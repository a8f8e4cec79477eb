import { expect, lead, openTab, signIn, toast, uniqueTag } from './support/admin';
import { mailTo, statusLinkIn } from './support/mailbox';
import { test } from './fixtures';

/*
 * Messages a person would send (issue 42), on the `messages` server whose mail a real SMTP
 * server drops into a folder: the recruiter sees a message before it goes, edits it for this one
 * send, and the person gets the edited text.
 */

/** The mail to `email` whose text holds `words`, once it has arrived. */
async function mailWith(email: string, words: string): Promise<string> {
  const find = () => mailTo(email).find((mail) => mail.includes(words));
  await expect.poll(find, { timeout: 15_000 }).toBeDefined();
  return find()!;
}

test('the recruiter edits the message of a status change, and the person gets the edited text', async ({
  page,
}) => {
  const tag = uniqueTag('edited');
  const email = `${tag}@example.com`;
  await lead.application(page.request, email, tag);
  await signIn(page);
  const panel = await openTab(page, 'Candidates', tag);
  await panel.getByRole('button', { name: `Open details of Grace ${tag}` }).click();
  const detail = page.getByRole('dialog');
  await detail.getByRole('combobox', { name: 'Status' }).selectOption('qualified');
  await detail.getByRole('button', { name: 'Change status' }).click();

  const message = page.getByRole('dialog', { name: 'Change status to Qualified' });
  // Named in full, as in every preview of a message to one person.
  const preview = message.getByRole('region', { name: `Preview as Grace ${tag} gets it` });
  // The status's default, as Grace gets it.
  await expect(message.getByLabel('Subject')).toHaveValue(
    "Good news: you're a fit for the training",
  );
  await expect(preview).toContainText('Hi Grace,');
  await expect(preview).toContainText("Good news: you're a fit");
  await message.getByLabel('Subject').fill('Your place, {firstName}');
  await message
    .getByLabel('Message', { exact: true })
    .fill(`Hi {firstName}, we spoke on Tuesday (${tag}).\n\nYour page: {statusLink}`);
  await expect(preview).toContainText('Your place, Grace');
  await expect(preview).toContainText(`Hi Grace, we spoke on Tuesday (${tag}).`);
  await message.getByRole('button', { name: 'Change and send' }).click();
  await expect(detail.getByRole('status').first()).toHaveText(
    'Status changed to Qualified. Its message goes to the person.',
  );

  const mail = await mailWith(email, `we spoke on Tuesday (${tag})`);
  expect(mail).toContain('Subject: Your place, Grace');
  expect(mail).toContain(`Hi Grace, we spoke on Tuesday (${tag}).`);
  expect(statusLinkIn(mail)).toBeDefined();
  expect(mail).not.toContain("you're a fit for the training");
});

test('the form e-mail shows its message first; sent edited, its link still resumes the open step', async ({
  page,
}) => {
  const tag = uniqueTag('envelope');
  const email = `${tag}@example.com`;
  await lead.typeform(page.request, email, 'Mary', 'Jackson');
  await signIn(page);
  const panel = await openTab(page, 'Typeform Leads', email);
  await panel.getByRole('button', { name: 'Send form email to Mary Jackson' }).click();

  const message = page.getByRole('dialog', { name: 'Send form email to Mary Jackson' });
  const preview = message.getByRole('region', { name: 'Preview as Mary Jackson gets it' });
  await expect(preview).toContainText('Complete your Talent Bridge application');
  await expect(preview).toContainText('Hi Mary,');
  await expect(preview).toContainText('One step is still open: the questionnaire.');
  await expect(preview).toContainText('/status?token=…&next=questionnaire');
  // Nothing has gone while the recruiter reads it.
  expect(mailTo(email).filter((mail) => mail.includes('Complete your'))).toEqual([]);

  const body = message.getByLabel('Message', { exact: true });
  await body.fill(`Hi {firstName}, as promised on the phone (${tag}):\n\n{statusLink}`);
  await expect(preview).toContainText(`Hi Mary, as promised on the phone (${tag}):`);
  await message.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(toast(page, 'Email Sent').first()).toBeVisible();
  // The focus is back on the row's envelope.
  await expect(
    panel.getByRole('button', { name: 'Send form email to Mary Jackson' }),
  ).toBeFocused();

  const mail = await mailWith(email, `as promised on the phone (${tag})`);
  expect(mail).toContain('Subject: Complete your Talent Bridge application');
  expect(statusLinkIn(mail, 'questionnaire')).toBeDefined();
});
