import { expect, test } from './fixtures';

/*
 * The person's status page (issue 21) without a valid link; status.messages.spec.ts opens it from
 * the confirmation e-mail.
 */

test('an expired or unknown link says so and offers "Lost your link?", without JavaScript too', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  await page.goto('/status?token=AAAAAAAAAAAAAAAAAAAAAAAA');
  await expect(page.getByText('This link has expired. Ask for a new one below.')).toBeVisible();
  await expect(page.getByLabel('Email')).toBeVisible();
  await context.close();
});
