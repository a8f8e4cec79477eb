import AxeBuilder from '@axe-core/playwright';
import { test } from './fixtures';
import { expect, lead, openTab, signIn, uniqueTag } from './support/admin';

// The Settings tab's Messages section (decision 155): edit a status's message, see it previewed.

test('the admin sees the default message, edits it with a live preview, saves, and resets it', async ({
  page,
}) => {
  await signIn(page);
  const messages = (await openTab(page, 'Settings')).getByRole('region', { name: 'Messages' });
  await messages.getByLabel('Message for').selectOption('company/partner');
  const subject = messages.getByLabel('Subject');
  const body = messages.getByLabel('Message', { exact: true });
  const preview = messages.getByRole('region', { name: 'Preview with sample values' });
  // Nothing saved: the status's default is the current text, marked so.
  await expect(subject).toHaveValue('Welcome aboard, {company}');
  await expect(messages.getByText('This is the default message.')).toBeVisible();
  await expect(messages.getByRole('option', { name: 'Partner (default)' })).toBeAttached();
  await expect(messages.getByRole('option', { name: 'New (no message)' })).toHaveCount(2);

  await subject.fill('Welcome aboard, {firstName}');
  await body.fill('Hi {firstName} at {company}.\nWrite to {supportEmail} or {team}.');
  await expect(preview).toContainText('Welcome aboard, Ada');
  // An unknown placeholder stays visible in the preview, and saving refuses it by name.
  await expect(preview).toContainText('Hi Ada at Northwind Ltd.');
  await expect(preview).toContainText('or {team}.');
  await messages.getByRole('button', { name: 'Save message' }).click();
  await expect(messages.getByText('Unknown placeholders: {team}')).toBeVisible();
  await expect(body).toHaveAttribute('aria-invalid', 'true');

  await body.fill('Hi {firstName} at {company}.\nWrite to {supportEmail}.');
  await subject.press('Enter');
  const status = messages.getByRole('status');
  await expect(status).toHaveText('Message saved: Company · Partner.');
  await expect(messages.getByRole('option', { name: 'Partner', exact: true })).toBeAttached();

  await page.reload();
  const reloaded = (await openTab(page, 'Settings')).getByRole('region', { name: 'Messages' });
  await reloaded.getByLabel('Message for').selectOption('company/partner');
  await expect(reloaded.getByLabel('Subject')).toHaveValue('Welcome aboard, {firstName}');
  await expect(reloaded.getByRole('region', { name: 'Preview with sample values' })).toContainText(
    'Hi Ada at Northwind Ltd.',
  );
  const axe = await new AxeBuilder({ page })
    .include('section[aria-labelledby="messages-heading"]')
    .analyze();
  expect(axe.violations.map((violation) => violation.id)).toEqual([]);

  await expect(reloaded.getByText('This is the default message.')).toHaveCount(0);
  await reloaded.getByRole('button', { name: 'Reset to default' }).click();
  await expect(reloaded.getByRole('status')).toHaveText(
    'Message reset to default: Company · Partner.',
  );
  await expect(reloaded.getByLabel('Subject')).toHaveValue('Welcome aboard, {company}');
  await expect(reloaded.getByText('This is the default message.')).toBeVisible();
});

test('a status change shows its message first, filled in, editable, refused in place, or skipped', async ({
  page,
}) => {
  const tag = uniqueTag('notify');
  await lead.companyRequest(page.request, `${tag}@example.com`, `${tag} Racks`);
  await signIn(page);
  const saved = await page.request.put('/api/admin/message-templates/company/in_discussion', {
    data: { subject: 'Next steps for {company}', body: 'Hello {firstName}, see {statusLink}.' },
  });
  expect(saved.ok()).toBe(true);
  const panel = await openTab(page, 'Companies', tag);
  await panel.getByRole('button', { name: `Open details of ${tag} Racks` }).click();
  const detail = page.getByRole('dialog');
  await detail.getByRole('combobox', { name: 'Status' }).selectOption('in_discussion');
  const change = detail.getByRole('button', { name: 'Change status' });
  await change.click();

  const message = page.getByRole('dialog', { name: 'Change status to In discussion' });
  const preview = message.getByRole('region', { name: 'Preview as Katherine Johnson gets it' });
  await expect(preview).toContainText(`Next steps for ${tag} Racks`);
  await expect(preview).toContainText('Hello Katherine Johnson, see');
  await expect(message.getByLabel('Subject')).toBeFocused();
  const axe = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  expect(axe.violations.map((violation) => violation.id)).toEqual([]);
  // Escape keeps the status, and the focus goes back to the button.
  await page.keyboard.press('Escape');
  await expect(message).toHaveCount(0);
  await expect(change).toBeFocused();

  await change.click();
  const body = message.getByLabel('Message', { exact: true });
  await body.fill('Hello {firstName}, {nickname}.');
  await expect(preview).toContainText('Hello Katherine Johnson, {nickname}.');
  await message.getByRole('button', { name: 'Change and send' }).click();
  await expect(message.getByText('Unknown placeholders: {nickname}')).toBeVisible();
  await expect(body).toHaveAttribute('aria-invalid', 'true');
  // Without its message the status changes, and nothing is said to go.
  await message.getByRole('button', { name: 'Change without message' }).click();
  await expect(message).toHaveCount(0);
  await expect(detail.getByRole('status').first()).toHaveText('Status changed to In discussion.');
});
