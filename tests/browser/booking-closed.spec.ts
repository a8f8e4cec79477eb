import { test } from './fixtures';
import { expect, ownServer } from './support/admin';
import { applyWithoutJavaScript } from './support/lead-forms';
import { axeViolations } from './support/site';

/*
 * A fresh install (issue 43): no host saved an availability, so no time is open. Its own server:
 * the other specs' hosts open times on theirs. The thank-you page's "Book your call" must not end
 * in "look again later": /book says the team will call, and leads home.
 */

const server = ownServer();

test('with no time open, /book says the team will call and offers Return Home', async ({
  browser,
}) => {
  const { baseUrl } = server();
  const page = await applyWithoutJavaScript(browser, baseUrl, `closed-${Date.now()}@example.com`);
  await page.getByRole('link', { name: 'Book your call' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Book Your Call');
  await expect(
    page.getByText(
      'No times are open right now: we will contact you shortly to arrange your call.',
    ),
  ).toBeVisible();
  await expect(page.getByText(/look again later/)).toHaveCount(0);
  await expect(page.getByLabel('Your time zone')).toHaveCount(0);

  // The same page with JavaScript, for this browser's proof: accessible, and home by keyboard.
  const withScript = await browser.newContext({
    baseURL: baseUrl,
    storageState: await page.context().storageState(),
  });
  const seen = await withScript.newPage();
  await seen.goto('/book');
  await seen.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  expect(await axeViolations(seen)).toEqual([]);
  await seen.getByRole('link', { name: 'Return Home' }).focus();
  await seen.keyboard.press('Enter');
  await expect(seen).toHaveURL(`${baseUrl}/`);
  await withScript.close();
  await page.context().close();
});
