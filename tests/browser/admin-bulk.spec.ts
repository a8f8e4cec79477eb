import type { Page } from '@playwright/test';
import { LIST_PAGE_ROWS } from '../../src/shared/admin-audit';
import { test } from './fixtures';
import { axeViolations } from './support/site';
import { expect, lead, openTab, searchFor, signIn, toast, uniqueTag } from './support/admin';

test.describe.configure({ timeout: 120_000 });

// Bulk work on a list (issue 22): ticked by keyboard, counted aloud, one status for all.

test('the admin ticks leads by keyboard and sets their status at once', async ({ page }) => {
  const tag = uniqueTag('bulk');
  for (const n of [1, 2, 3]) {
    await lead.application(page.request, `${tag}${n}@example.com`, `${tag}n${n}`);
  }
  await signIn(page);
  const panel = await openTab(page, 'Candidates', tag);
  const bar = panel.getByRole('group', { name: 'Bulk actions' });
  const count = bar.locator('[aria-live="polite"]');
  await expect(panel.getByRole('checkbox', { name: /^Select Grace / })).toHaveCount(3);

  // Space ticks the focused row's box; the header's box ticks the whole page.
  const first = panel.getByRole('checkbox', { name: `Select Grace ${tag}n1` });
  await first.focus();
  await page.keyboard.press('Space');
  await expect(count).toHaveText('1 selected');
  const all = panel.getByRole('checkbox', { name: 'Select all on this page' });
  await all.focus();
  await page.keyboard.press('Space');
  await expect(count).toHaveText('3 selected');
  await expect(all).toBeChecked();
  expect(await axeViolations(page)).toEqual([]);

  await bar.getByRole('combobox', { name: 'Status' }).selectOption('contacted');
  // The button waits for the status's message to load (it is never sent without it).
  const setStatus = bar.getByRole('button', { name: 'Set status' });
  await expect(setStatus).toHaveAttribute('aria-disabled', 'false');
  await setStatus.focus();
  await page.keyboard.press('Enter');
  // Contacted has its default message (decision 155): shown first, filled in for each (issue 42).
  const message = page.getByRole('dialog', { name: 'Set 3 leads to Contacted' });
  await expect(
    message.getByRole('region', { name: "Preview, each person's own details filled in" }),
  ).toContainText('Thanks for applying');
  await message.getByRole('button', { name: 'Change and send' }).click();
  await expect(count).toHaveText(
    'Status set to Contacted for 3 leads. Their message goes to each person whose status changed.',
  );
  await expect(panel.getByRole('checkbox', { name: /^Select Grace /, checked: true })).toHaveCount(
    0,
  );
  // The bar has closed under the keyboard's focus: it lands on the table, not the page.
  await expect(
    panel.getByRole('region', { name: 'Form completions through /career' }),
  ).toBeFocused();
  await expect(panel.getByRole('row').filter({ hasText: 'Contacted' })).toHaveCount(3);

  // Each lead's timeline has the change, as a single change would.
  await panel.getByRole('button', { name: `Open details of Grace ${tag}n2` }).click();
  await expect(page.getByRole('dialog').getByRole('combobox', { name: 'Status' })).toHaveValue(
    'contacted',
  );
});

test("a status set before its message has loaded waits for it: the person's message is never skipped", async ({
  page,
}) => {
  const tag = uniqueTag('bulkwait');
  await lead.application(page.request, `${tag}1@example.com`, `${tag}n1`);
  await signIn(page);
  const panel = await openTab(page, 'Candidates', tag);
  // The messages' list is held back until the button has been pressed.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/admin/message-templates', async (route) => {
    await held;
    await route.continue();
  });
  await panel.getByRole('checkbox', { name: `Select Grace ${tag}n1` }).check();
  const bar = panel.getByRole('group', { name: 'Bulk actions' });
  await bar.getByRole('combobox', { name: 'Status' }).selectOption('contacted');
  const setStatus = bar.getByRole('button', { name: 'Set status' });
  await expect(setStatus).toHaveAttribute('aria-disabled', 'true');
  // Pressed as a keyboard does (a click would wait for the button to be enabled).
  await setStatus.focus();
  await page.keyboard.press('Enter');
  release();
  const message = page.getByRole('dialog', { name: 'Set 1 lead to Contacted' });
  await expect(setStatus).toHaveAttribute('aria-disabled', 'false');
  // The press while loading did nothing: no change was made without the message.
  await expect(message).toHaveCount(0);
  await expect(bar.locator('[aria-live="polite"]')).toHaveText('1 selected');
  await page.keyboard.press('Enter');
  await expect(message.getByRole('region', { name: /^Preview/ })).toContainText(
    'Thanks for applying',
  );
});

test('a selection ends with its search: returning to the search does not tick its rows again', async ({
  page,
}) => {
  const tag = uniqueTag('bulkclear');
  for (const n of [1, 2]) {
    await lead.application(page.request, `${tag}a${n}@example.com`, `${tag}a${n}`);
  }
  await lead.application(page.request, `${tag}b1@example.com`, `${tag}b1`);
  await signIn(page);
  const panel = await openTab(page, 'Candidates', `${tag}a`);
  const count = panel.getByRole('group', { name: 'Bulk actions' }).locator('[aria-live="polite"]');
  const ticked = panel.getByRole('checkbox', { name: /^Select Grace /, checked: true });
  await panel.getByRole('checkbox', { name: 'Select all on this page' }).check();
  await expect(count).toHaveText('2 selected');

  await searchFor(panel, `${tag}b`);
  await expect(count).toHaveText('');
  await searchFor(panel, `${tag}a`);
  await expect(panel.getByRole('checkbox', { name: /^Select Grace / })).toHaveCount(2);
  await expect(ticked).toHaveCount(0);
  await expect(count).toHaveText('');

  // A status filter chosen and taken back clears it as well.
  await panel.getByRole('checkbox', { name: `Select Grace ${tag}a1` }).check();
  await expect(count).toHaveText('1 selected');
  const status = panel.getByRole('combobox', { name: 'Status' }).first();
  await status.selectOption('contacted');
  await status.selectOption('');
  await expect(panel.getByRole('checkbox', { name: /^Select Grace / })).toHaveCount(2);
  await expect(ticked).toHaveCount(0);
});

test('a change that fails says so, the selection kept for another try', async ({
  page,
  consoleGuard,
}) => {
  const tag = uniqueTag('bulkfail');
  await lead.application(page.request, `${tag}@example.com`, `${tag}n1`);
  await signIn(page);
  const panel = await openTab(page, 'Candidates', tag);
  const bar = panel.getByRole('group', { name: 'Bulk actions' });
  await panel.getByRole('checkbox', { name: `Select Grace ${tag}n1` }).check();
  // The laptop's connection drops as the change goes (the network, not the server).
  await page.route('**/bulk', (route) => route.abort('connectionreset'));
  consoleGuard.allow(/ERR_CONNECTION_RESET/);
  await bar.getByRole('button', { name: 'Assign' }).click();
  await expect(toast(page, 'Error')).toContainText('Failed to assign the leads.');
  await expect(bar.locator('[aria-live="polite"]')).toHaveText('1 selected');
});

test.describe("on a recruiter's laptop, 1366 x 768", () => {
  test.use({ viewport: { width: 1_366, height: 768 } });

  /** A page of leads and one more: the table is taller than the screen, "Select all" is offered. */
  async function pageTicked(page: Page, label: string) {
    const tag = uniqueTag(label);
    for (let n = 0; n <= LIST_PAGE_ROWS; n++) {
      await lead.application(page.request, `${tag}${n}@example.com`, `${tag}n${n}`);
    }
    await signIn(page);
    const panel = await openTab(page, 'Candidates', tag);
    await panel.getByRole('checkbox', { name: 'Select all on this page' }).check();
    return { panel, bar: panel.getByRole('group', { name: 'Bulk actions' }) };
  }

  test('the result of a change is read where the recruiter is, the keyboard left in the list', async ({
    page,
  }) => {
    const { panel, bar } = await pageTicked(page, 'bulkseen');
    await bar.getByRole('button', { name: 'Assign' }).focus();
    await page.keyboard.press('Enter');
    const result = bar.getByText(`Unassigned ${LIST_PAGE_ROWS} leads.`);
    await expect(
      panel.getByRole('region', { name: 'Form completions through /career' }),
    ).toBeFocused();
    // Said once, politely; on screen, not under the fixed top bar.
    await expect(page.locator('[aria-live]').filter({ hasText: 'Unassigned' })).toHaveCount(1);
    await expect(result).toHaveAttribute('aria-live', 'polite');
    const seen = await result.evaluate((line) => {
      const { x, y, height } = line.getBoundingClientRect();
      return line.contains(document.elementFromPoint(x + 1, y + height / 2));
    });
    expect(seen).toBe(true);
  });

  test('the bar fits one line; on a phone it wraps with 44-px targets', async ({ page }) => {
    const { bar } = await pageTicked(page, 'bulkline');
    const buttons = bar.getByRole('button');
    await expect(buttons.last()).toHaveText('Clear selection');
    await expect(bar.getByRole('button', { name: /^Select all \d+ matching$/ })).toBeVisible();
    const tops = await buttons.evaluateAll((each) =>
      each.map((button) => button.getBoundingClientRect().top),
    );
    expect(new Set(tops).size).toBe(1);

    await page.setViewportSize({ width: 390, height: 844 });
    const heights = await bar
      .locator('button, select')
      .evaluateAll((each) => each.map((control) => control.getBoundingClientRect().height));
    expect(Math.min(...heights)).toBeGreaterThanOrEqual(44);
  });
});
