import AxeBuilder from '@axe-core/playwright';
import { test } from './fixtures';
import { expect, openTab, signIn } from './support/admin';

// The Overview's Messages section (decision 155): edit a status's message, see it previewed.

test('the admin edits a status message with a live preview, saves, and removes it', async ({
  page,
}) => {
  await signIn(page);
  const messages = (await openTab(page, 'Overview')).getByRole('region', { name: 'Messages' });
  await messages.getByLabel('Message for').selectOption('company/partner');
  const subject = messages.getByLabel('Subject');
  const body = messages.getByLabel('Message', { exact: true });
  const preview = messages.getByRole('region', { name: 'Preview with sample values' });

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
  const reloaded = (await openTab(page, 'Overview')).getByRole('region', { name: 'Messages' });
  await reloaded.getByLabel('Message for').selectOption('company/partner');
  await expect(reloaded.getByLabel('Subject')).toHaveValue('Welcome aboard, {firstName}');
  await expect(reloaded.getByRole('region', { name: 'Preview with sample values' })).toContainText(
    'Hi Ada at Northwind Ltd.',
  );
  const axe = await new AxeBuilder({ page })
    .include('section[aria-labelledby="messages-heading"]')
    .analyze();
  expect(axe.violations.map((violation) => violation.id)).toEqual([]);

  await reloaded.getByRole('button', { name: 'Remove message' }).click();
  await expect(reloaded.getByRole('status')).toHaveText(
    'Message removed: Company · Partner. This status sends nothing.',
  );
  await expect(reloaded.getByLabel('Subject')).toHaveValue('');
});
