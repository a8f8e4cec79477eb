import { expect, test } from './fixtures';
import { formSubmit } from './support/lead-forms';
import { mailTo, statusLinkIn } from './support/mailbox';

/*
 * The privacy policy (section 5) names every cookie the site gives a visitor, as a company
 * collects them: its forms without JavaScript, then the status link of its confirmation e-mail.
 */

test('every cookie a visitor gets is named in the privacy policy', async ({
  browser,
  baseURL,
  page,
}) => {
  test.setTimeout(60_000);
  const email = `cookies-${Date.now()}@example.com`;
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const visitor = await context.newPage();
  // Read from the answers: a cookie spent by the next page (tb_form) is gone from the jar.
  const given = new Set<string>();
  const reading: Promise<void>[] = [];
  visitor.on('response', (response) => {
    const read = async () => {
      for (const { name, value } of await response.headersArray())
        if (name.toLowerCase() === 'set-cookie') given.add(value.split('=')[0]!);
    };
    reading.push(read());
  });

  await visitor.goto('/companies?utm_source=newsletter&utm_campaign=cookies');
  await formSubmit(visitor, 'Get Talent Info').click(); // sent back with its messages
  await visitor.getByLabel('Work email').fill(email);
  await visitor.getByLabel('Company name').fill('Acme Data');
  await formSubmit(visitor, 'Get Talent Info').click();
  await expect(visitor).toHaveURL(/\/hiring$/);

  const confirmation = () =>
    mailTo(email).find((text) => text.includes('Subject: We received your Talent Bridge request'));
  await expect.poll(confirmation, { timeout: 30_000 }).toBeDefined();
  await visitor.goto(statusLinkIn(confirmation())!);
  await visitor.getByRole('button', { name: 'Open My Status Page' }).click();
  await expect(visitor).toHaveURL(/\/status$/);
  await Promise.all(reading);
  await context.close();

  expect([...given]).toEqual(
    expect.arrayContaining([
      'tb_form_time',
      'tb_landing',
      'tb_form',
      'tb_prefill',
      'tb_lead',
      'tb_mailbox',
    ]),
  );
  await page.goto('/privacy');
  const named = await page.locator('#cookies-and-tracking code').allTextContents();
  expect(named).toEqual(expect.arrayContaining([...given]));
});
