import { freePort } from '../support/ports';
import { startLocalSmtp, type LocalSmtp } from '../support/smtp';
import { test } from './fixtures';
import { expect, lead, openTab, ownServer, signIn, toast, uniqueTag } from './support/admin';

test.describe.configure({ timeout: 120_000 });

test.describe('notice of new leads', () => {
  let smtp: LocalSmtp;
  let deadWebhook = '';
  test.beforeAll(async () => {
    smtp = await startLocalSmtp();
    // A webhook receiver that is down: its deliveries fail, and the dashboard must say so.
    deadWebhook = `http://127.0.0.1:${await freePort()}/hooks/leads`;
  });
  test.afterAll(async () => {
    await smtp?.close();
  });
  const server = ownServer(() => ({
    SMTP_URL: smtp.url,
    SITE_URL: 'https://talent.example',
    NOTIFY_EMAIL: 'sales@talent.example',
    NOTIFY_WEBHOOK_URL: deadWebhook,
    NOTIFY_WEBHOOK_SECRET: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  }));

  test('a new lead is e-mailed with its link, the link opens its detail, a failed webhook shows', async ({
    page,
  }) => {
    const { baseUrl } = server();
    const email = `${uniqueTag('notice')}@example.com`;
    const created = await page.request.post(`${baseUrl}/api/candidates/basic-info`, {
      data: { firstName: 'Annie', lastName: 'Easley', email, phone: '555-0142' },
    });
    expect(created.ok()).toBe(true);

    // The staff's notice (the person gets a confirmation of their own, decision 154).
    const notice = () => smtp.received.find((m) => m.to.includes('sales@talent.example'));
    await expect.poll(notice).toBeDefined();
    const mail = notice()!;
    expect(mail.to).toEqual(['sales@talent.example']);
    expect(mail.raw).toContain('Annie Easley');
    expect(mail.raw).toContain(email);
    const link = /https:\/\/talent\.example(\/admin\?candidate=\d+)/.exec(mail.raw);
    expect(link, 'the notice links to the lead in the admin').not.toBeNull();

    await signIn(page, baseUrl);
    await page.goto(`${baseUrl}${link?.[1] ?? ''}`);
    const detail = page.getByRole('dialog');
    await expect(detail).toContainText('Annie Easley');
    await expect(detail).toContainText(email);
    await page.keyboard.press('Escape');
    await expect(detail).toHaveCount(0);

    // The webhook's first attempt has failed by now or within the worker's next rounds.
    const problems = page.getByRole('region', { name: 'Delivery problems' });
    await expect(async () => {
      await page.reload();
      await expect(problems).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(problems).toContainText('could not be delivered');
    await problems.getByText('Show the failures').click();
    const failure = problems.getByRole('row').filter({ hasText: 'Webhook' }).first();
    await expect(failure).toBeVisible();
    await failure.getByRole('button', { name: /Candidate #\d+/ }).click();
    await expect(page.getByRole('dialog')).toContainText('Annie Easley');
  });
});

test("with no mail server, the form e-mail shows the spec's failure toast and waits in the outbox", async ({
  page,
}) => {
  // The shared test server has neither SMTP_URL nor SENDGRID_API_KEY.
  const email = `${uniqueTag('outbox')}@example.com`;
  await lead.typeform(page.request, email, 'Dorothy', 'Vaughan');
  await signIn(page);
  const panel = await openTab(page, 'Typeform Leads', email);
  await panel.getByRole('button', { name: 'Send form email to Dorothy Vaughan' }).click();
  await page
    .getByRole('dialog', { name: 'Send form email to Dorothy Vaughan' })
    .getByRole('button', { name: 'Send', exact: true })
    .click();
  const notice = toast(page, 'Error').first();
  await expect(notice).toContainText(
    'Failed to send form email. Check if SENDGRID_API_KEY is set. The message waits in the outbox folder',
  );
  await expect(toast(page, 'Email Sent')).toHaveCount(0);
});
