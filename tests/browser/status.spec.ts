import { LOST_LINK_SENTENCE, STATUS_ACTIONS } from '../../src/shared/person-status';
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

test('right after applying, /status says the link e-mail is coming, not that it went', async ({
  page,
}) => {
  const email = `status-soon-${Date.now()}@example.com`;
  const response = await page.request.post('/api/candidates/basic-info', {
    data: { firstName: 'Ada', lastName: 'Lovelace', email, phone: '555-0100' },
  });
  expect(response.status()).toBe(200);
  await page.goto('/status');
  await expect(
    page.getByText('We e-mail you a link to this page soon after your first form.'),
  ).toBeVisible();
  await expect(page.getByText(/We have e-mailed you/)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Finish the questionnaire' })).toBeVisible();
});

test('without JavaScript, a browser that applied hears that its new link went, or that a spent one expired', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  const email = `status-nojs-link-${Date.now()}@example.com`;
  // This browser's own form: /status shows its open step, and "Lost your link?".
  const applied = await context.request.post('/api/candidates/basic-info', {
    data: { firstName: 'Ada', lastName: 'Lovelace', email, phone: '' },
  });
  expect(applied.status()).toBe(200);
  await page.goto('/status');
  await expect(page.getByRole('link', { name: 'Finish the questionnaire' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Me a New Link' }).click();
  await expect(page).toHaveURL('/status?link=sent');
  await expect(page.getByText(LOST_LINK_SENTENCE)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Finish the questionnaire' })).toBeVisible();

  // A spent link's "Open My Status Page" pressed again (a second tab) comes back the same way.
  const spent = await context.request.post(STATUS_ACTIONS.open, {
    form: { token: 'AAAAAAAAAAAAAAAAAAAAAAAA' },
    headers: { origin: baseURL as string },
    maxRedirects: 0,
  });
  expect(spent.headers().location).toBe('/status?link=expired');
  await page.goto('/status?link=expired');
  await expect(page.getByText('This link has expired. Ask for a new one below.')).toBeVisible();
  await context.close();
});
