import type { Locator, Page } from '@playwright/test';
import { test } from './fixtures';
import { searchHeader } from '../support/search';
import { axeViolations } from './support/site';
import {
  expect,
  focusedDialog,
  lead,
  openTab,
  exportedCsv,
  searchFor,
  signIn,
  tabNamed,
  toast,
  uniqueTag,
} from './support/admin';

test.describe.configure({ timeout: 120_000 });

/** How far the list's region scrolls sideways (0: it fits), and the page's own overflow. */
const overflow = async (page: Page, panel: Locator) => ({
  table: await panel.getByRole('region').evaluate((box) => box.scrollWidth - box.clientWidth),
  page: await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
});

/** Three candidates of the tag (last names b, a, c, created in that order); b's phone is `phone`. */
async function seedThree(page: Page, tag: string, phone: string) {
  await lead.application(page.request, `${tag}-b@example.com`, `${tag}b`, phone);
  await lead.application(page.request, `${tag}-a@example.com`, `${tag}a`, '555-0101');
  await lead.application(page.request, `${tag}-c@example.com`, `${tag}c`, '555-0101');
}

/** A phone no other test uses, in the 602 area. */
const uniquePhone = () => {
  const digits = String(Math.floor(Math.random() * 1e7)).padStart(7, '0');
  return { typed: `+1 (602) ${digits.slice(0, 3)}-${digits.slice(3)}`, digits };
};

const names = (panel: Locator) =>
  panel.locator('tbody tr').getByRole('button', { name: /^Open details of / });

test.describe('at 1,440 × 900', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the list fits; sort, a filter and a phone search survive a reload', async ({ page }) => {
    const tag = uniqueTag('list');
    const phone = uniquePhone();
    await seedThree(page, tag, phone.typed);
    await signIn(page);
    // Two of them contacted, through the API the detail uses.
    const listed = await page.request.get('/api/candidate-submissions?type=regular', {
      headers: searchHeader(tag),
    });
    for (const row of (await listed.json()) as { id: number; lastName: string }[]) {
      if (row.lastName === `${tag}b`) continue;
      const url = `/api/candidate-submissions/${row.id}`;
      expect((await page.request.patch(url, { data: { status: 'contacted' } })).ok()).toBe(true);
    }
    const urls: string[] = [];
    page.on('request', (request) => urls.push(request.url()));
    const panel = await openTab(page, 'Candidates', tag);
    await expect(names(panel)).toHaveCount(3);
    expect(await overflow(page, panel)).toEqual({ table: 0, page: 0 });
    for (const header of ['Name', 'Status', 'Owner', 'Source', 'Last activity', 'Submitted']) {
      await expect(panel.getByRole('columnheader', { name: header })).toBeVisible();
    }

    await panel.getByRole('button', { name: 'Name', exact: true }).click();
    await expect(panel.getByRole('columnheader', { name: 'Name' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await expect(names(panel)).toHaveText([
      `Open details of Grace ${tag}a`,
      `Open details of Grace ${tag}b`,
      `Open details of Grace ${tag}c`,
    ]);
    await panel.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Contacted' });
    await expect(names(panel)).toHaveText([
      `Open details of Grace ${tag}a`,
      `Open details of Grace ${tag}c`,
    ]);

    await page.reload();
    const again = page.getByRole('tabpanel');
    await expect(page.getByRole('tab', { name: /^Candidates/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByRole('searchbox')).toHaveValue(tag);
    await expect(again.getByRole('combobox', { name: 'Status' })).toHaveValue('contacted');
    await expect(again.getByRole('columnheader', { name: 'Name' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await expect(names(again)).toHaveText([
      `Open details of Grace ${tag}a`,
      `Open details of Grace ${tag}c`,
    ]);

    // A missed call: the area code and the first digits, typed as a person would.
    await again.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'All statuses' });
    await searchFor(again, `(602) ${phone.digits.slice(0, 3)}`);
    await expect(names(again)).toHaveText([`Open details of Grace ${tag}b`]);
    await page.reload();
    await expect(page.getByRole('searchbox')).toHaveValue(`(602) ${phone.digits.slice(0, 3)}`);
    await expect(names(page.getByRole('tabpanel'))).toHaveText([`Open details of Grace ${tag}b`]);
    expect(await axeViolations(page, '[role="tabpanel"]')).toEqual([]);
    // Its export holds what the search finds.
    const csv = await exportedCsv(page);
    expect(csv).toContain(`${tag}b`);
    expect(csv).not.toContain(`${tag}a`);
    // The words (a person's phone) were in no URL: the address bar's, the API's, the export's.
    urls.push(page.url());
    expect(urls.filter((url) => /[?&]q=|%28602|\(602/.test(url))).toEqual([]);
  });

  test('the name stays in view after a row action, even with every column added', async ({
    page,
  }) => {
    const tag = uniqueTag('frozen');
    await seedThree(page, tag, uniquePhone().typed);
    await signIn(page);
    const panel = await openTab(page, 'Candidates', tag);
    const name = panel.getByRole('button', { name: `Open details of Grace ${tag}b` });
    const envelope = panel.getByRole('button', { name: `Send form email to Grace ${tag}b` });

    // The envelope shows the message first; closing it returns the focus to the envelope.
    const sendAndClose = async () => {
      await envelope.click();
      await focusedDialog(page);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(envelope).toBeFocused();
    };
    await sendAndClose();
    await expect(name).toBeInViewport();
    expect(await overflow(page, panel)).toEqual({ table: 0, page: 0 });

    // Every extra column, chosen with the keyboard: the table now scrolls sideways.
    await panel.getByRole('button', { name: 'Columns' }).focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    const items = menu.getByRole('menuitemcheckbox');
    const count = await items.count();
    expect(count).toBeGreaterThan(5);
    for (let index = 0; index < count; index++) {
      await expect(items.nth(index)).toBeFocused();
      await page.keyboard.press('Space');
      await expect(items.nth(index)).toHaveAttribute('aria-checked', 'true');
      await page.keyboard.press('ArrowDown');
    }
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(panel.getByRole('columnheader', { name: 'Reason' })).toBeVisible();
    expect((await overflow(page, panel)).table).toBeGreaterThan(0);

    await envelope.scrollIntoViewIfNeeded();
    await sendAndClose();
    const region = await panel.getByRole('region').boundingBox();
    const shown = await name.boundingBox();
    expect(
      shown && region && shown.x >= region.x && shown.x + shown.width <= region.x + region.width,
    ).toBe(true);
    // The name is not hidden under the scrolled cells: it is what the browser finds there.
    const onTop = await name.evaluate((button) => {
      const box = button.getBoundingClientRect();
      const found = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      return button.contains(found);
    });
    expect(onTop).toBe(true);

    // The choice is remembered in this browser.
    await page.reload();
    await expect(page.getByRole('columnheader', { name: 'Reason' })).toBeVisible();
  });
});

// Typeform Leads is the widest of the scanned lists (its Questionnaire column): at a laptop's
// width its delete button stays on screen, with a long address and both badges in a row.
for (const viewport of [
  { width: 1280, height: 800 },
  { width: 1366, height: 768 },
]) {
  test(`Typeform Leads fits at ${viewport.width} × ${viewport.height}`, async ({
    page,
    playwright,
  }) => {
    await page.setViewportSize(viewport);
    const tag = uniqueTag('fit');
    const email = `${tag}.maximiliana.featherstonehaugh@longcompanyname-example.com`;
    await lead.typeform(page.request, email, 'Maximiliana', 'Featherstonehaugh-Worthington');
    // The same form from a browser without the lead's proof: "Unverified changes" (decision 176).
    const stranger = await playwright.request.newContext({
      baseURL: test.info().project.use.baseURL,
    });
    await lead.typeform(stranger, email, 'Max', 'Featherstonehaugh');
    await stranger.dispose();
    await signIn(page);
    const panel = await openTab(page, 'Typeform Leads', tag);
    const row = panel.locator('tbody tr');
    await expect(row.getByText('Not Completed')).toBeVisible();
    await expect(row.getByText('Unverified changes')).toBeVisible();
    expect(await overflow(page, panel)).toEqual({ table: 0, page: 0 });
    await expect(row.getByRole('button', { name: /^Delete / })).toBeInViewport({ ratio: 1 });
  });
}

test.describe('on a phone, 390 × 844', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the list becomes cards: name, status, owner and last activity, no sideways scroll', async ({
    page,
  }) => {
    const tag = uniqueTag('cards');
    await seedThree(page, tag, uniquePhone().typed);
    await signIn(page);
    const panel = await openTab(page, 'Candidates', tag);
    await expect(names(panel)).toHaveCount(3);
    expect(await overflow(page, panel)).toEqual({ table: 0, page: 0 });
    const card = panel.locator('tbody tr').first();
    await expect(card.getByRole('button', { name: `Open details of Grace ${tag}c` })).toBeVisible();
    await expect(card.getByRole('cell').filter({ hasText: 'New' })).toBeVisible();
    await expect(card.getByRole('cell').filter({ hasText: 'Unassigned' })).toBeVisible();
    const visibleCells = await card
      .getByRole('cell')
      .evaluateAll((cells) =>
        cells
          .filter((cell) => (cell as HTMLElement).offsetParent !== null)
          .map((cell) => cell.getAttribute('data-label')),
      );
    expect(visibleCells).toEqual([null, null, 'Status', 'Owner', 'Last activity', 'Actions']);
  });
});

test('a search matching over 1,000 leads pages on past "1,000+" while the server has more', async ({
  page,
}) => {
  const tag = uniqueTag('many');
  // 1,001 matches: the search's count stops at 1,000 (lead-search.ts), its pages do not.
  for (let start = 0; start < 1_001; start += 50) {
    const batch = Array.from({ length: Math.min(50, 1_001 - start) }, (_, i) => start + i);
    await Promise.all(batch.map((n) => lead.email(page.request, `${tag}-${n}@example.com`)));
  }
  await signIn(page);
  // Deep in the search's pages: the words in the entry's state (React Router's), as a reload reads.
  await page.goto('/admin');
  await page.evaluate((q) => {
    history.replaceState({ usr: { q }, key: 'deep', idx: 0 }, '', '?tab=leadEmails&offset=975');
  }, tag);
  await page.reload();
  const panel = page.getByRole('tabpanel');
  const pager = panel.getByRole('navigation', { name: 'Pagination' });
  await expect(pager).toContainText('Showing 976–1,000 of 1,000+');
  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(pager).toContainText('Showing 1,001–1,001 of 1,000+');
  await expect(panel.locator('tbody tr')).toHaveCount(1);
  await expect(panel.locator('tbody tr')).toContainText(`${tag}-0@example.com`);
  await expect(pager.getByRole('button', { name: 'Next' })).toBeDisabled();
});

test('Back and Forward step between two tabs at one press each, the search coming back with its tab', async ({
  page,
}) => {
  const tag = uniqueTag('steps');
  await signIn(page);
  await searchFor(page.getByRole('tabpanel'), tag);
  await openTab(page, 'Candidates');
  await expect(page).toHaveURL(/\/admin\?tab=candidates$/);
  await page.goBack();
  await expect(tabNamed(page, 'Typeform Leads')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('searchbox')).toHaveValue(tag);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goForward();
  await expect(tabNamed(page, 'Candidates')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('searchbox')).toHaveValue('');
});

test('Back pressed before a slow browser showed the clicked tab returns to the list it left', async ({
  page,
}) => {
  // A phone-slow CPU: the tab's navigation is in the history before React renders it, and
  // Back comes first. Half of the runs failed so when the tab stayed on the unrendered entry.
  const tag = uniqueTag('slowback');
  await signIn(page);
  await searchFor(page.getByRole('tabpanel'), tag);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 40 });
  await tabNamed(page, 'Candidates').click();
  await expect(page).toHaveURL(/tab=candidates/);
  await page.goBack();
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await expect(tabNamed(page, 'Typeform Leads')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('searchbox')).toHaveValue(tag);
  await expect(page).toHaveURL(/\/admin$/);
});

test('after sign-out, Back and Forward bring no search back to the address bar', async ({
  page,
}) => {
  // What was searched for names a person: the next one at this screen does not see it.
  const tag = uniqueTag('signedout');
  await signIn(page);
  await searchFor(page.getByRole('tabpanel'), tag);
  await openTab(page, 'Candidates');
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(toast(page, 'Logged Out').first()).toBeVisible();
  const signInHeading = page.getByRole('heading', { name: 'Admin Sign In' });
  await expect(page).toHaveURL(/\/admin\?tab=candidates$/);
  // The entry the search was typed in: its search is gone, as the session is.
  await page.goBack();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(signInHeading).toBeVisible();
  await page.goForward();
  await expect(page).toHaveURL(/\/admin\?tab=candidates$/);
  await expect(signInHeading).toBeVisible();
});

test('a searched export the server refuses says why, as a download the browser fetched would', async ({
  page,
  consoleGuard,
}) => {
  consoleGuard.allow(/status of 401/);
  const tag = uniqueTag('refused');
  await lead.application(page.request, `${tag}@example.com`, tag, '555-0101');
  await signIn(page);
  const panel = await openTab(page, 'Candidates', tag);
  await expect(names(panel)).toHaveCount(1);
  // Ended elsewhere (another tab's sign-out): the export's fetch gets the server's 401.
  expect((await page.request.post('/api/admin/logout')).ok()).toBe(true);
  await page.getByRole('button', { name: 'Export to CSV' }).click();
  await expect(toast(page, 'Sign in required')).toBeVisible();
});
