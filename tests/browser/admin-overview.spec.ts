import { test } from './fixtures';
import { expect, lead, openTab, outcomeCard, signIn, uniqueTag } from './support/admin';

/*
 * The Overview is the marketer's page (issue 41): this week's outcomes against last week's
 * first, then the funnel; the settings and messages live in Settings. Exact figures on a server
 * of their own: tests/browser/admin-spend.spec.ts.
 */

test("opens on this week's outcomes in words, and a new lead this week counts in Leads", async ({
  page,
}) => {
  await signIn(page);
  const panel = await openTab(page, 'Insights');
  const sections = panel.getByRole('heading', { level: 2 });
  await expect(sections.nth(0)).toHaveText('This week against last');
  await expect(sections.nth(1)).toHaveText('Funnel');
  for (const moved of ['Configuration', 'Messages'])
    await expect(panel.getByRole('region', { name: moved })).toHaveCount(0);

  // Each card: both weeks' figures and the change, as a screen reader reads them.
  for (const stage of ['Leads', 'Applications', 'Placed'])
    await expect(outcomeCard(panel, stage)).toMatchAriaSnapshot(`
      - term: ${stage}
      - definition: /^[\\d,]+ this week,$/
      - definition: /^[\\d,]+ same days last week$/
      - definition: /^(Same as last week|[\\d,]+ (more|fewer) than last week( \\([+-]?\\d+%\\))?)$/
    `);
  await expect(outcomeCard(panel, 'Cost per placement')).toMatchAriaSnapshot(`
    - term: Cost per placement
    - definition: /^(none|.+\\d) this week,$/
    - definition: /^(none|.+\\d) same days last week$/
  `);

  const leads = outcomeCard(panel, 'Leads').getByRole('definition').first();
  const thisWeek = async () => Number((await leads.innerText()).replace(/\D/g, ''));
  const before = await thisWeek();
  await lead.email(page.request, `${uniqueTag('week')}@example.com`);
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

test('on a Monday morning, compares the morning with last Monday to the same hour', async ({
  page,
}) => {
  await page.clock.setFixedTime(new Date('2026-11-30T09:00:00Z'));
  await signIn(page);
  const panel = await openTab(page, 'Insights');
  const outcomes = panel.getByRole('region', { name: 'This week against last' });
  await expect(outcomes).toContainText(
    'This week: 2026-11-30 to now; the same days last week: 2026-11-23 to 2026-11-23 09:00 (UTC).',
  );
  await expect(outcomeCard(panel, 'Leads').getByRole('definition').nth(1)).toHaveText(
    /^\d+ same days last week$/,
  );
});

test('says "Leads" for candidates alone: the daily chart names leads and companies apart', async ({
  page,
}) => {
  await signIn(page);
  const panel = await openTab(page, 'Insights');
  const chart = panel.getByRole('figure', { name: /per day/ });
  await expect(chart).toHaveAccessibleName('Leads and companies per day, last 30 days (UTC)');
  await chart.getByText('Show the figures as a table').click();
  await expect(chart.getByRole('columnheader')).toHaveText(['Day', 'Leads', 'Companies']);
});
