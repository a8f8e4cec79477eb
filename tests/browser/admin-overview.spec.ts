import { test } from './fixtures';
import { expect, lead, openTab, signIn, uniqueTag } from './support/admin';

/*
 * The Overview is the marketer's page (issue 41): this week's outcomes against last week's
 * first, then the funnel; the settings and messages live in Settings. Exact figures on a server
 * of their own: tests/browser/admin-spend.spec.ts.
 */

test("opens on this week's outcomes in words, and a new lead this week counts in Leads", async ({
  page,
}) => {
  await signIn(page);
  const panel = await openTab(page, 'Overview');
  const sections = panel.getByRole('heading', { level: 2 });
  await expect(sections.nth(0)).toHaveText('This week against last');
  await expect(sections.nth(1)).toHaveText('Funnel');
  for (const moved of ['Configuration', 'Messages'])
    await expect(panel.getByRole('region', { name: moved })).toHaveCount(0);

  const outcomes = panel.getByRole('region', { name: 'This week against last' });
  const card = (label: string) =>
    outcomes
      .locator('dt', { hasText: new RegExp(`^${label}$`) })
      .locator('xpath=..')
      .getByRole('definition');
  const thisWeek = async () => Number((await card('Leads').first().innerText()).replace(/\D/g, ''));
  // Each card: both weeks' figures and the change, read as words.
  for (const label of ['Leads', 'Applications', 'Placed']) {
    await expect(card(label).nth(0)).toHaveText(/^[\d,]+ this week,$/);
    await expect(card(label).nth(1)).toHaveText(/^[\d,]+ last week$/);
    await expect(card(label).nth(2)).toHaveText(
      /^(Same as last week|[\d,]+ (more|fewer) than last week( \([+-]?\d+%\))?)$/,
    );
  }
  await expect(card('Cost per placement').nth(0)).toHaveText(/^(none|.+\d) this week,$/);

  const before = await thisWeek();
  const tag = uniqueTag('week');
  await lead.email(page.request, `${tag}@example.com`);
  // Other tests add leads in parallel: at least ours is counted after a Refresh or two.
  await expect
    .poll(
      async () => {
        await page.getByRole('button', { name: 'Refresh' }).click();
        return thisWeek();
      },
      { intervals: [1_000, 2_000, 3_000], timeout: 30_000 },
    )
    .toBeGreaterThan(before);
});
