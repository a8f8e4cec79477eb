import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test } from './fixtures';
import { searchHeader } from '../support/search';
import { AVAILABILITY_URL, DEFAULT_AVAILABILITY } from '../../src/shared/booking-availability';
import {
  expect,
  exportedCsv,
  lead,
  openTab,
  ownServer,
  searchFor,
  signIn,
  uniqueTag,
} from './support/admin';

// The board of a lead tab (issue 22): a column per status; a card moves by its "Move to…" menu.

test.describe.configure({ timeout: 120_000 });

async function openBoard(page: Page, tab: string) {
  const panel = await openTab(page, tab);
  await panel.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Board' }).click();
  return panel.getByRole('region', { name: `${tab} board` });
}

test('a card moves to another column by keyboard, and the list and detail show it', async ({
  page,
}) => {
  const tag = uniqueTag('board');
  await lead.email(page.request, `${tag}@example.com`);
  await lead.application(page.request, `${tag}@example.com`, tag);
  await signIn(page);
  const board = await openBoard(page, 'Candidates');
  await expect(board.getByRole('list')).toHaveCount(7);
  const card = board
    .getByRole('list', { name: 'New' })
    .getByRole('listitem')
    .filter({ hasText: `Grace ${tag}` });
  await expect(card).toContainText('Last activity today');
  await expect(card).toContainText('Source: newsletter · free_training');

  const axe = await new AxeBuilder({ page }).include('[role="tabpanel"]').analyze();
  expect(axe.violations.map((violation) => violation.id)).toEqual([]);

  // The keyboard's way: the card's menu, opened with Enter, its first choice taken with Enter.
  const menu = card.getByRole('button', { name: `Move to…, Grace ${tag}` });
  await menu.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem')).toHaveText([
    'Contacted',
    'Qualified',
    'Enrolled',
    'Placed',
    'Not a fit',
    'Withdrawn',
  ]);
  await expect(page.getByRole('menuitem', { name: 'Contacted' })).toBeFocused();
  await page.keyboard.press('Enter');
  // Contacted sends its default message (decision 155): the move shows it first (issue 42).
  const dialog = page.getByRole('dialog', { name: `Move Grace ${tag} to Contacted` });
  await expect(
    dialog.getByRole('region', { name: `Preview as Grace ${tag} gets it` }),
  ).toContainText('Thanks for applying');
  await dialog.getByRole('button', { name: 'Change and send' }).press('Enter');

  await expect(page.getByRole('tabpanel').getByRole('status').first()).toHaveText(
    `Moved Grace ${tag} to Contacted. Its message goes to the person.`,
  );
  await expect(board.getByRole('list', { name: 'New' })).not.toContainText(`Grace ${tag}`);
  await expect(board.getByRole('list', { name: 'Contacted' })).toContainText(`Grace ${tag}`);
  // The focus stays in the board: on the column the card left.
  await expect(board.getByRole('list', { name: 'New' })).toBeFocused();

  const panel = page.getByRole('tabpanel');
  await panel.getByRole('button', { name: 'List' }).click();
  await searchFor(panel, tag);
  await expect(panel.locator('tbody tr')).toContainText('Contacted');
  await panel.getByRole('button', { name: `Open details of Grace ${tag}` }).click();
  await expect(page.getByRole('dialog')).toContainText('Status changed from New to Contacted');
});

test("a move to a status with a message offers it first, with the person's preview", async ({
  page,
}) => {
  const tag = uniqueTag('boardmsg');
  await lead.companyRequest(page.request, `${tag}@example.com`, `${tag} Racks`);
  await signIn(page);
  const saved = await page.request.put('/api/admin/message-templates/company/not_a_fit', {
    data: { subject: 'About {company}', body: 'Hello {firstName}, thank you.' },
  });
  expect(saved.ok()).toBe(true);
  try {
    const board = await openBoard(page, 'Companies');
    const card = board
      .getByRole('list', { name: 'New' })
      .getByRole('listitem')
      .filter({ hasText: `${tag} Racks` });
    await card.getByRole('button', { name: `Move to…, ${tag} Racks` }).click();
    await page.getByRole('menuitem', { name: 'Not a fit' }).click();

    const dialog = page.getByRole('dialog', { name: `Move ${tag} Racks to Not a fit` });
    // The person who gets it, as the company's detail names its contact.
    const preview = dialog.getByRole('region', { name: 'Preview as Katherine Johnson gets it' });
    await expect(preview).toContainText(`About ${tag} Racks`);
    await expect(preview).toContainText('Hello Katherine Johnson, thank you.');
    await dialog.getByRole('button', { name: 'Change and send' }).click();

    await expect(page.getByRole('tabpanel').getByRole('status').first()).toHaveText(
      `Moved ${tag} Racks to Not a fit. Its message goes to the person.`,
    );
    await expect(board.getByRole('list', { name: 'Not a fit' })).toContainText(`${tag} Racks`);
  } finally {
    await page.request.delete('/api/admin/message-templates/company/not_a_fit');
  }
});

test('the board shows what the search and "My leads" say, its counts too', async ({ page }) => {
  const tag = uniqueTag('boardfilter');
  await lead.application(page.request, `${tag}@example.com`, `${tag}Mine`);
  await lead.application(page.request, `${tag}-other@example.com`, `${tag}Other`);
  await lead.application(page.request, `not-${tag}@example.com`, 'Elsewhere');
  await signIn(page);
  const listed = await page.request.get('/api/candidate-submissions', {
    headers: searchHeader(`${tag}Mine`),
  });
  const [mine] = (await listed.json()) as { id: number }[];
  const assigned = await page.request.patch(`/api/candidate-submissions/${mine!.id}`, {
    data: { assignee: 1 },
  });
  expect(assigned.ok()).toBe(true);
  const panel = await openTab(page, 'Candidates', tag);
  await panel.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Board' }).click();
  const board = panel.getByRole('region', { name: 'Candidates board' });
  const fresh = board.getByRole('list', { name: 'New' });
  const heading = board.getByRole('heading', { name: /^New/ });
  await expect(fresh.getByRole('listitem')).toHaveCount(2);
  await expect(heading).toHaveText(/^New\s*2$/);
  // The columns are the statuses: the list's Status filter is not offered on the board.
  await expect(panel.getByRole('combobox', { name: 'Status' })).toHaveCount(0);

  // Only the columns load: never a page of the list hidden behind the board (its count is 1 row).
  const listPages: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    const list = url.pathname === '/api/candidate-submissions';
    if (list && url.searchParams.get('limit') !== '1') listPages.push(url.search);
  });
  await panel.getByRole('checkbox', { name: 'My leads' }).check();
  await expect(fresh.getByRole('listitem')).toHaveCount(1);
  await expect(fresh).toContainText(`Grace ${tag}Mine`);
  await expect(heading).toHaveText(/^New\s*1$/);
  await expect(board.getByRole('heading', { name: /^Contacted/ })).toHaveText(/^Contacted\s*0$/);
  await page.reload();
  await expect(heading).toHaveText(/^New\s*1$/);
  expect(listPages).toEqual([]);

  await panel.getByRole('button', { name: 'List' }).click();
  await expect(panel.locator('tbody tr')).toHaveCount(1);
  await expect(panel.locator('tbody tr')).toContainText(`${tag}Mine`);
});

test('Export to CSV on the board holds every status the board shows', async ({ page }) => {
  const tag = uniqueTag('boardcsv');
  await lead.application(page.request, `${tag}@example.com`, `${tag}Called`);
  await lead.application(page.request, `${tag}-new@example.com`, `${tag}New`);
  await signIn(page);
  const listed = await page.request.get('/api/candidate-submissions', {
    headers: searchHeader(`${tag}Called`),
  });
  const [called] = (await listed.json()) as { id: number }[];
  const url = `/api/candidate-submissions/${called!.id}`;
  expect((await page.request.patch(url, { data: { status: 'contacted' } })).ok()).toBe(true);
  const panel = await openTab(page, 'Candidates', tag);
  await panel.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Contacted' });
  await expect(panel.locator('tbody tr')).toHaveCount(1);
  const listCsv = await exportedCsv(page);
  expect(listCsv).toContain(`${tag}Called`);
  expect(listCsv).not.toContain(`${tag}New`);

  await panel.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Board' }).click();
  // Opened as the board (a reload, a shared link): no list page was loaded to count from.
  await page.reload();
  const board = page.getByRole('tabpanel').getByRole('region', { name: 'Candidates board' });
  await expect(board.getByRole('list', { name: 'New' })).toContainText(`Grace ${tag}New`);
  const boardCsv = await exportedCsv(page);
  expect(boardCsv).toContain(`${tag}Called`);
  expect(boardCsv).toContain(`${tag}New`);
});

test("another day's empty call list says so, not 'today'", async ({ page }) => {
  await signIn(page);
  const calls = (await openTab(page, 'Board')).getByRole('region', { name: /calls/i });
  await calls.getByLabel('Day').fill('2001-01-01');
  await expect(calls.getByRole('heading', { name: 'Calls on Jan 1, 2001' })).toBeVisible();
  await expect(calls.getByText('No calls booked on this day.')).toBeVisible();
});

test.describe("a browser whose date is not the desk's", () => {
  // The desk at UTC+14, the browser at UTC-12: their dates differ at every hour.
  const DESK_ZONE = 'Pacific/Kiritimati';
  test.use({ timezoneId: 'Etc/GMT+12' });
  const server = ownServer();

  test("'Today's calls' opens on the desk's today, the day the server reads", async ({ page }) => {
    const { baseUrl } = server();
    await signIn(page, baseUrl);
    const data = { ...DEFAULT_AVAILABILITY, timeZone: DESK_ZONE };
    expect((await page.request.put(`${baseUrl}${AVAILABILITY_URL}`, { data })).status()).toBe(200);
    const calls = (await openTab(page, 'Board')).getByRole('region', { name: /calls/i });
    await expect(calls.getByRole('heading', { name: "Today's calls" })).toBeVisible();
    const today = new Date().toLocaleDateString('en-CA', { timeZone: DESK_ZONE });
    await expect(calls.getByLabel('Day')).toHaveValue(today);
    await expect(calls.getByText('No calls booked today.')).toBeVisible();
  });

  test("a call's day and time are the desk's, on the desk and in the drawer, its zone named", async ({
    page,
    browser,
  }) => {
    const { baseUrl } = server();
    await signIn(page, baseUrl);
    const allDay = [{ start: '00:00', end: '23:30' }];
    const weekly = Object.fromEntries(
      Object.keys(DEFAULT_AVAILABILITY.weekly).map((day) => [day, allDay]),
    );
    const open = { weekly, minimumNoticeHours: 0, sameDay: true, dailyCap: 1000 };
    const data = { ...DEFAULT_AVAILABILITY, ...open, timeZone: DESK_ZONE };
    expect((await page.request.put(`${baseUrl}${AVAILABILITY_URL}`, { data })).status()).toBe(200);
    // A person books the last time offered: another day than today, which the other test reads.
    const tag = uniqueTag('deskzone');
    const person = await browser.newContext({ baseURL: baseUrl });
    await lead.application(person.request, `${tag}@example.com`, tag);
    const { slots } = (await (await person.request.get('/api/booking')).json()) as {
      slots: { start: string }[];
    };
    const { start } = slots.at(-1)!;
    expect((await person.request.post('/api/booking', { data: { start } })).status()).toBe(201);
    await person.close();

    const calls = (await openTab(page, 'Board')).getByRole('region', { name: /calls/i });
    const day = calls.getByLabel('Day');
    await day.fill(new Date(start).toLocaleDateString('en-CA', { timeZone: DESK_ZONE }));
    const inDeskZone = new Intl.DateTimeFormat('en-US', {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: DESK_ZONE,
    }).format(new Date(start));
    const call = calls.getByRole('listitem').filter({ hasText: tag });
    await expect(call).toContainText(inDeskZone.replace(/\s/g, ' '));
    await expect(day).toHaveAccessibleDescription(
      `Days and times in ${DESK_ZONE}: your hours' zone, else the first host's.`,
    );
    // The lead's drawer reads the same time for the same call, its zone named.
    await call.getByRole('button', { name: `Grace ${tag}`, exact: true }).click();
    await expect(page.getByRole('dialog')).toContainText(
      `Screening call: ${inDeskZone.replace(/\s/g, ' ')} (${DESK_ZONE})`,
    );
  });
});
