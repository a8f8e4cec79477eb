import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/server/config/config';
import { openDatabase } from '../../src/server/database';
import { issueStatusLink } from '../../src/server/leads/people/status-link';
import { tablesOf } from '../../src/server/platform/database/connection';
import { ERASED_MESSAGE, STATUS_NOTICES } from '../../src/shared/person-status';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { expect, test } from './fixtures';
import { axeViolations } from './support/site';

/*
 * The person's status page (issue 21), opened from a status link as from our e-mails. The link is
 * issued in this server's database directly: until the confirmation e-mail lands, no public
 * flow hands one out. It then corrects the phone and erases everything.
 */

let server: ServerProcess | undefined;
let dataDir = '';

test.beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'tb-e2e-status-'));
  server = await startServerProcess({ DATA_DIR: dataDir }, { built: true });
});

test.afterAll(async () => {
  server?.child.kill('SIGTERM');
  await server?.exited;
});

/** A candidate from /candidates, and a fresh link to their status page. */
async function candidateLink(email: string): Promise<string> {
  const base = server!.baseUrl;
  const response = await fetch(`${base}/api/candidates/basic-info`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': 'Mozilla/5.0 Chrome/130' },
    body: JSON.stringify({ firstName: 'Ada', lastName: 'Lovelace', email, phone: '555-0100' }),
  });
  expect(response.status).toBe(200);
  const database = await openDatabase(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }));
  try {
    const row = await database.db
      .selectFrom('candidates')
      .select('id')
      .where('email_normalized', '=', email)
      .executeTakeFirstOrThrow();
    const link = await issueStatusLink(
      tablesOf(database.db),
      { table: 'candidates', id: row.id },
      new Date(),
      7,
    );
    return `${base}${link}`;
  } finally {
    await database.close();
  }
}

test('a status link opens the page, which corrects the phone and erases everything', async ({
  page,
}) => {
  const email = `status-${Date.now()}@example.com`;
  await page.goto(await candidateLink(email));
  await expect(page).toHaveURL(/\/status$/);
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your Application Status');
  await expect(page.getByText(email, { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Finish the questionnaire' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  const phone = page.getByLabel('Phone');
  await expect(phone).toHaveValue('555-0100');
  await phone.fill('555-0199');
  await page.getByRole('button', { name: 'Save My Details' }).click();
  await expect(page.getByRole('status')).toHaveText(STATUS_NOTICES.details);
  await expect(page.getByLabel('Phone')).toHaveValue('555-0199');

  await page.getByText('Erase everything we hold about me').click();
  await page.getByRole('button', { name: 'Yes, Erase Everything' }).click();
  await expect(page.getByText(ERASED_MESSAGE)).toBeVisible();
  // The browser's proof went with the data: the page now offers "Lost your link?".
  await page.goto(`${server!.baseUrl}/status`);
  await expect(page.getByRole('heading', { name: 'Lost your link?' })).toBeVisible();
});

test('an expired or unknown link says so and offers "Lost your link?", without JavaScript too', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${server!.baseUrl}/status?token=AAAAAAAAAAAAAAAAAAAAAAAA`);
  await expect(page.getByText('This link has expired. Ask for a new one below.')).toBeVisible();
  await expect(page.getByLabel('Email')).toBeVisible();
  await context.close();
});
