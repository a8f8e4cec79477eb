import { test } from './fixtures';
import { expect, openTab, ownServer, signIn } from './support/admin';
import { toastItem } from './support/lead-forms';
import { axeViolations } from './support/site';

// The Settings tab's "Your availability" section (issue 43). Its own server: the other specs'
// booking pages must not see this test's hours.

test.describe.configure({ timeout: 90_000 });
// A host in New York: hours not saved yet start on this zone, not on UTC's (4 am here).
test.use({ timezoneId: 'America/New_York' });

const server = ownServer();

test('an owner sets the hours and seats, is told of a bad value by its field, saves and sees them after a reload', async ({
  page,
}) => {
  const { baseUrl } = server();
  await signIn(page, baseUrl);
  const section = (await openTab(page, 'Settings')).getByRole('region', {
    name: 'Your availability',
  });
  const field = (name: string) => section.getByLabel(name, { exact: true });
  // Nothing saved: weekdays 9 to 12 and 1 to 5 on this browser's clock, said so, weekends
  // closed, one seat.
  await expect(field('Time zone')).toHaveValue('America/New_York');
  await expect(field('Time zone')).toHaveAccessibleDescription(
    "The windows below are on this zone's clock: this browser's, until you save.",
  );
  await expect(field('Monday window 1 start')).toHaveValue('09:00');
  await expect(field('Monday window 2 end')).toHaveValue('17:00');
  await expect(section.getByRole('group', { name: 'Saturday' })).toContainText('Closed');
  await expect(field('Seats per slot')).toHaveValue('1');

  await field('Time zone').selectOption('America/Chicago');
  await field('Monday window 1 start').fill('10:30');
  await section.getByRole('button', { name: 'Add a window to Saturday' }).click();
  await field('Saturday window 1 start').fill('10:00');
  await field('Saturday window 1 end').fill('08:00');
  await field('Seats per slot').fill('0');
  await section.getByRole('button', { name: 'Save availability' }).click();
  // Refused by the shared schema before anything is sent, each message by its field.
  await expect(field('Saturday window 1 end')).toHaveAttribute('aria-invalid', 'true');
  await expect(section.getByText('The end must be after the start')).toBeVisible();
  await expect(field('Seats per slot')).toHaveAccessibleDescription(
    /Enter a whole number from 1 to 500/,
  );
  await expect(toastItem(page)).toHaveCount(0);

  await field('Saturday window 1 end').fill('14:00');
  await field('Seats per slot').fill('8');
  // The keyboard's way: Enter in a field saves the form.
  await field('Seats per slot').press('Enter');
  await expect(toastItem(page)).toContainText('Availability saved');
  await expect(field('Seats per slot')).toHaveAttribute('aria-invalid', 'false');

  await page.reload();
  const reloaded = (await openTab(page, 'Settings')).getByRole('region', {
    name: 'Your availability',
  });
  const after = (name: string) => reloaded.getByLabel(name, { exact: true });
  await expect(after('Time zone')).toHaveValue('America/Chicago');
  await expect(after('Time zone')).toHaveAccessibleDescription(
    "The windows below are on this zone's clock.",
  );
  await expect(after('Monday window 1 start')).toHaveValue('10:30');
  await expect(after('Saturday window 1 start')).toHaveValue('10:00');
  await expect(after('Saturday window 1 end')).toHaveValue('14:00');
  await expect(after('Seats per slot')).toHaveValue('8');
  expect(await axeViolations(page, 'section[aria-labelledby="availability-heading"]')).toEqual([]);

  // A window removed is gone from the form; saved, the day is closed. By keyboard, the focus
  // goes to the window now in its place, else to the day's "Add a window".
  await reloaded.getByRole('button', { name: 'Remove Saturday window 1' }).press('Enter');
  await expect(reloaded.getByRole('group', { name: 'Saturday' })).toContainText('Closed');
  await expect(reloaded.getByRole('button', { name: 'Add a window to Saturday' })).toBeFocused();
  await reloaded.getByRole('button', { name: 'Remove Monday window 1' }).press('Enter');
  await expect(after('Monday window 1 start')).toHaveValue('13:00');
  await expect(after('Monday window 1 start')).toBeFocused();
  // A window of a date exception is its own list's: its removal leaves the focus in that list.
  const button = (name: string) => reloaded.getByRole('button', { name, exact: true });
  await button('Add a date exception').press('Enter');
  await button('Add a window to Exception 1').press('Enter');
  await button('Remove Exception 1 window 1').press('Enter');
  await expect(button('Add a window to Exception 1')).toBeFocused();
  await button('Remove Exception 1').press('Enter');
  await expect(button('Add a date exception')).toBeFocused();

  // The Audit tab shows the save (with how many calls it took up, when any).
  const audit = await openTab(page, 'Audit');
  await audit.getByRole('combobox', { name: 'Action' }).selectOption('availability_saved');
  await expect(audit.getByRole('row').filter({ hasText: 'Saved the hours' })).toHaveCount(1);
});

test('a host gets a private calendar link once, copies it, and a reset ends the old one', async ({
  page,
  context,
}) => {
  const { baseUrl } = server();
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
  await signIn(page, baseUrl);
  const feed = (await openTab(page, 'Settings')).getByRole('region', {
    name: 'Subscribe to your calls',
  });
  await expect(feed).toContainText('You have no calendar link yet.');
  await feed.getByRole('button', { name: 'Get your link' }).click();
  const link = feed.getByLabel('Your calendar link');
  await expect(link).toHaveValue(new RegExp(`^${baseUrl}/calendar/[\\w-]{43}\\.ics$`));
  const first = await link.inputValue();
  await feed.getByRole('button', { name: 'Copy' }).click();
  await expect(feed.getByRole('status')).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);
  const calendar = await page.request.get(first);
  expect(calendar.status()).toBe(200);
  expect(calendar.headers()['content-type']).toMatch(/^text\/calendar/);
  expect(await axeViolations(page, 'section[aria-labelledby="availability-heading"]')).toEqual([]);

  // Shown once: after a reload only when it was made.
  await page.reload();
  const again = (await openTab(page, 'Settings')).getByRole('region', {
    name: 'Subscribe to your calls',
  });
  await expect(again).toContainText('Your link was made on');
  await expect(again.getByLabel('Your calendar link')).toHaveCount(0);
  await again.getByRole('button', { name: 'Reset link' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset your calendar link?' });
  await dialog.getByRole('button', { name: 'Reset link' }).press('Enter');
  const second = again.getByLabel('Your calendar link');
  await expect(second).not.toHaveValue(first);
  await expect(second).toHaveValue(/\/calendar\/[\w-]{43}\.ics$/);
  expect((await page.request.get(first)).status()).toBe(404);
  expect((await page.request.get(await second.inputValue())).status()).toBe(200);
});
