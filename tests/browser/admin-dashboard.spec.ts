import type { Page } from '@playwright/test';
import { AUTO_REFRESH_IDLE_PAUSE_MS } from '../../src/client/features/admin/use-auto-refresh';
import { timings } from '../../src/shared/claims';
import { test } from './fixtures';
import { axeViolations } from './support/site';
import {
  expect,
  lead,
  openAccountPage,
  openTab,
  signIn,
  tabNamed,
  toast,
  uniqueTag,
} from './support/admin';

test.describe.configure({ timeout: 120_000 });

// The spec's four lead tabs first, in its order; then the quarantine (decision 095), the board,
// the marketer's Insights and the people's data requests; the owner's (issue 22); Settings.
const TAB_ORDER = [
  'Typeform Leads',
  'Candidates',
  'Companies',
  'Lead Emails',
  'Quarantine',
  'Board',
  'Insights',
  'People',
  'Accounts',
  'Audit',
  // Deployment settings and status messages, apart from the marketer's Insights (issue 41).
  'Settings',
];

async function expectToolbar(page: Page) {
  for (const name of ['Refresh', 'Export to CSV', 'Logout']) {
    await expect(page.getByRole('button', { name })).toBeVisible();
  }
}

test("opens on Typeform Leads, tabs in the spec's order, the three buttons always there", async ({
  page,
}) => {
  await signIn(page);
  const tabs = page.getByRole('tab');
  await expect(tabs).toHaveCount(TAB_ORDER.length);
  for (const [index, name] of TAB_ORDER.entries()) {
    await expect(tabs.nth(index)).toHaveText(new RegExp(`^${name}[\\d,]*$`));
  }
  await expect(tabNamed(page, 'Typeform Leads')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel').locator('caption')).toHaveText(
    'Candidates who started through the /candidates page',
  );
  await expectToolbar(page);

  for (const name of TAB_ORDER.slice(1)) {
    await openTab(page, name);
    await expectToolbar(page);
  }
  // The keyboard reaches the last tab as any other: the arrow keys move and select.
  await tabNamed(page, 'Accounts').click();
  await expect(tabNamed(page, 'Accounts')).toBeFocused();
  await page.keyboard.press('ArrowRight');
  // Each press once the previous one has moved the focus, as a person sees it move.
  await expect(tabNamed(page, 'Audit')).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(tabNamed(page, 'Settings')).toBeFocused();
  await expect(tabNamed(page, 'Settings')).toHaveAttribute('aria-selected', 'true');
});

test('Export to CSV on Insights exports nothing and says so', async ({ page }) => {
  await signIn(page);
  await openTab(page, 'Insights');
  let downloaded = false;
  page.on('download', () => (downloaded = true));
  await page.getByRole('button', { name: 'Export to CSV' }).click();
  await expect(toast(page, 'Nothing to Export').first()).toContainText(
    'Nothing to export on Insights: choose a lead tab',
  );
  expect(downloaded).toBe(false);
});

test('a tab shows how many leads it holds, and the count follows new leads', async ({ page }) => {
  await signIn(page);
  const badge = tabNamed(page, 'Companies');
  await expect(badge).toHaveText(/^Companies[\d,]+$/);
  const before = Number((await badge.innerText()).replace(/\D/g, ''));
  const tag = uniqueTag('count');
  await lead.companyRequest(page.request, `${tag}@example.com`, `${tag} Cooling`);
  // The server reuses a tab's count for 10 s; other tests add companies in parallel, so at
  // least ours is counted after a Refresh or two.
  await expect
    .poll(
      async () => {
        await page.getByRole('button', { name: 'Refresh' }).click();
        return Number((await badge.innerText()).replace(/\D/g, ''));
      },
      { intervals: [1_000, 2_000, 3_000], timeout: 30_000 },
    )
    .toBeGreaterThan(before);
});

test.describe('auto-refresh', () => {
  /** The list requests (limit=25) the page makes from now on. */
  function listRequests(page: Page) {
    const urls: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.searchParams.get('limit') === '25') urls.push(url.pathname + url.search);
    });
    return urls;
  }

  test('every 30 s the visible tab, not the hidden ones, shows new leads', async ({ page }) => {
    await page.clock.install();
    const tag = uniqueTag('auto');
    await lead.typeform(page.request, `${tag}-first@example.com`);
    await signIn(page);
    const panel = await openTab(page, 'Typeform Leads', tag);
    await expect(panel.locator('tbody tr')).toHaveCount(1);
    // Candidates was seen once, so its list is cached but hidden.
    await openTab(page, 'Candidates');
    await openTab(page, 'Typeform Leads');
    await expect(panel.locator('tbody tr')).toHaveCount(1);

    await lead.typeform(page.request, `${tag}-second@example.com`);
    const requests = listRequests(page);
    // One interval (the page's clock also runs on by itself, so no 'not yet' check before).
    await page.clock.fastForward(timings.adminAutoRefreshMs);
    await expect(panel.locator('tbody tr')).toHaveCount(2);
    expect(requests.filter((url) => url.includes('type=questionnaire'))).not.toEqual([]);
    expect(requests.filter((url) => !url.includes('type=questionnaire'))).toEqual([]);
  });

  test('pauses while nobody is there, so the session can idle out; the next key refreshes', async ({
    page,
  }) => {
    await page.clock.install();
    const tag = uniqueTag('idle');
    await lead.typeform(page.request, `${tag}-first@example.com`);
    await signIn(page);
    const panel = await openTab(page, 'Typeform Leads', tag);
    await expect(panel.locator('tbody tr')).toHaveCount(1);
    await page.clock.fastForward(AUTO_REFRESH_IDLE_PAUSE_MS + 60_000);

    await lead.typeform(page.request, `${tag}-second@example.com`);
    const requests = listRequests(page);
    await page.clock.fastForward(timings.adminAutoRefreshMs * 2);
    await page.waitForTimeout(500);
    expect(requests).toEqual([]);
    await expect(panel.locator('tbody tr')).toHaveCount(1);

    await page.keyboard.press('Shift');
    await expect(panel.locator('tbody tr')).toHaveCount(2);
  });

  test('refreshes the Overview when it is shown, and nothing while the page is hidden', async ({
    page,
  }) => {
    await page.clock.install();
    await signIn(page);
    await openTab(page, 'Insights');
    await expect(page.getByRole('tabpanel').getByText('Leads and companies per day')).toBeVisible();
    const overviewLoads = () =>
      page.waitForResponse((response) => response.url().endsWith('/api/admin/overview'));
    const loaded = overviewLoads();
    await page.clock.fastForward(timings.adminAutoRefreshMs + 1_000);
    await loaded;

    await page.evaluate(() =>
      Object.defineProperty(document, 'visibilityState', { get: () => 'hidden' }),
    );
    const apiCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) apiCalls.push(request.url());
    });
    await page.clock.fastForward(timings.adminAutoRefreshMs * 2);
    // Let any request the timers started reach the network.
    await page.waitForTimeout(500);
    expect(apiCalls).toEqual([]);
  });
});

test("a tab that fails to load says so in the spec's words", async ({ page, consoleGuard }) => {
  consoleGuard.allow(/status of 500/);
  await signIn(page);
  await page.route(/\/api\/company-submissions\?.*limit=25/, (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"boom"}' }),
  );
  const panel = await openTab(page, 'Companies');
  await expect(toast(page, 'Error').first()).toContainText('Failed to load company data');
  await expect(panel.getByText('Error: Failed to load company data')).toBeVisible();

  await page.route(/\/api\/admin\/lead-emails\?.*limit=25/, (route) =>
    route.fulfill({ status: 500, body: 'boom' }),
  );
  await openTab(page, 'Lead Emails');
  await expect(toast(page, 'Error').first()).toContainText('Failed to load candidate data');
});

test('Typeform Leads shows the questionnaire answers as columns on request', async ({ page }) => {
  const tag = uniqueTag('answers');
  await lead.typeform(page.request, `${tag}@example.com`);
  await lead.questionnaire(page.request, `${tag}@example.com`);
  await signIn(page);
  const panel = await openTab(page, 'Typeform Leads', tag);
  const answers = [
    'Availability',
    'Full Time',
    'Relocation',
    'Questionnaire Location',
    'Motivation',
  ];
  // The list shows what a recruiter scans; the answers are added from its column picker.
  for (const answer of answers) {
    await panel.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('menuitemcheckbox', { name: answer }).click();
    await page.keyboard.press('Escape');
  }
  await expect(panel.locator('thead th')).toContainText(answers);
  const headers = (await panel.locator('thead th').allInnerTexts()).map((text) => text.trim());
  // After the spec's columns, in this order.
  expect(
    headers.slice(headers.indexOf('Questionnaire') + 1, headers.indexOf('Questionnaire') + 6),
  ).toEqual(answers);
  const cells = panel.locator('tbody tr').first().locator('td');
  const cellOf = (header: string) => cells.nth(headers.indexOf(header));
  await expect(cellOf('Questionnaire')).toHaveText('Completed');
  await expect(cellOf('Availability')).toHaveText('Within a month');
  await expect(cellOf('Full Time')).toHaveText('Yes');
  await expect(cellOf('Relocation')).toHaveText('It depends on the offer');
  await expect(cellOf('Questionnaire Location')).toHaveText('Reno, NV');
  await expect(cellOf('Motivation')).toHaveText('I want to build the machines that run the cloud.');
  // The table scrolls sideways inside its region rather than widening the page.
  const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(pageWidth).toBeLessThanOrEqual(page.viewportSize()?.width ?? 1280);

  const candidates = await openTab(page, 'Candidates');
  await expect(candidates.locator('thead th', { hasText: 'Motivation' })).toHaveCount(0);
});

test('the dashboard passes axe on every tab', async ({ page }) => {
  await signIn(page);
  for (const [index, name] of TAB_ORDER.entries()) {
    const panel = await openTab(page, name);
    await expect(panel.getByText('Loading…')).toHaveCount(0);
    // The whole page once; then each tab's panel, the only part that changes.
    const only = index === 0 ? undefined : '[role="tabpanel"][data-state="active"]';
    expect(await axeViolations(page, only), name).toEqual([]);
  }
  for (const name of ['Security', 'Your sessions'] as const) {
    await openAccountPage(page, name);
    const only = '[role="tabpanel"][data-state="active"]';
    expect(await axeViolations(page, only), name).toEqual([]);
  }
});
