import { request as playwrightRequest, type Page } from '@playwright/test';
import { test } from './fixtures';
import { searchHeader } from '../support/search';
import {
  expect,
  lead,
  openTab,
  outcomeCard,
  ownServer,
  pressWhileHeld,
  signIn,
  toast,
  uniqueTag,
} from './support/admin';
import { axeViolations } from './support/site';
import { visitCounted } from './support/visits';

/*
 * Ad spend on the Overview end to end (decision 165): a spend CSV uploaded from the dashboard,
 * visits of /career, /candidates and /training from ad links, leads from them, one moved to
 * placed, the costs per campaign read in the sortable table, and each landing page's share.
 */

/** Today's spend of one campaign (a new one unless named), uploaded as the template's CSV. */
async function uploadTodaysSpend(
  page: Page,
  amount = '5.00',
  source = uniqueTag('src'),
  campaign = uniqueTag('c'),
) {
  const today = new Date().toISOString().slice(0, 10);
  const uploaded = await page.request.post('/api/admin/spend', {
    headers: { 'content-type': 'text/csv' },
    data: `date,source,campaign,spend,currency\n${today},${source},${campaign},${amount},USD\n`,
  });
  expect(uploaded.ok(), await uploaded.text()).toBe(true);
}

test('an uploaded spend CSV gives each campaign its cost per lead and per placement', async ({
  browser,
  page,
}) => {
  // Many steps, and axe on the whole Overview.
  test.setTimeout(90_000);
  const source = uniqueTag('src');
  const spring = uniqueTag('spring');
  const fall = uniqueTag('fall');
  // Two visitors of campaign spring: /career and /candidates (which has no variant). Two people:
  // one browser moving on within the site counts once, on the page it entered (decision 115).
  for (const [index, path] of ['/career', '/candidates'].entries()) {
    const other = await browser.newPage({
      userAgent: `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36 p${index}`,
    });
    await visitCounted(other, `${path}?utm_source=${source}&utm_campaign=${spring}`);
    await other.close();
  }
  await visitCounted(page, `/training?utm_source=${source}&utm_campaign=${fall}`);
  const emails = [uniqueTag('a'), uniqueTag('b'), uniqueTag('c')].map(
    (tag) => `${tag}@example.com`,
  );
  for (const [index, email] of emails.entries()) {
    await lead.email(page.request, email, {
      page: index < 2 ? '/career' : '/training',
      variant: index < 2 ? 'free_training' : 'high_salary',
      utmSource: source,
      utmCampaign: index < 2 ? spring : fall,
    });
  }

  await signIn(page);
  // One of the /career leads is placed.
  const listed = await page.request.get(`/api/admin/lead-emails`, {
    headers: searchHeader(emails[0]!),
  });
  const [placed] = (await listed.json()) as { id: number }[];
  const patched = await page.request.patch(`/api/candidate-submissions/${placed!.id}`, {
    data: { status: 'placed' },
  });
  expect(patched.ok(), await patched.text()).toBe(true);

  const panel = await openTab(page, 'Insights');
  const costs = panel.getByRole('region', { name: 'Costs' });
  const today = new Date().toISOString().slice(0, 10);
  await costs.getByLabel('Spend CSV (date,source,campaign,spend,currency)').setInputFiles({
    name: 'spend.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      `date,source,campaign,spend,currency\n${today},${source},${spring},30.00,USD\n${today},${source},${fall},12.50,USD\n`,
    ),
  });
  // By keyboard: the focus stays on the button while and after it uploads.
  const upload = costs.getByRole('button', { name: 'Upload spend' });
  await upload.press('Enter');
  await expect(toast(page, 'Spend uploaded').first()).toContainText('2 rows stored.');
  await expect(upload).toBeFocused();
  // Meta's days are the ad account's, the funnel's UTC: the screen says so.
  await expect(costs).toContainText(
    "Spend is counted by the ad account's days (Meta's end at midnight in the account's time zone), visitors and leads by UTC days",
  );

  const table = costs.getByRole('table', { name: /^Costs per UTM campaign/ });
  // Leads, applications, booked, attended, enrolled, placed, spend, each stage's cost, companies.
  // The placed lead counts as applied, booked and attended too: each stage counts those reaching it.
  await expect(table.getByRole('row', { name: spring }).getByRole('cell')).toHaveText([
    '2',
    '1',
    '1',
    '1',
    '1',
    '1',
    '$30.00',
    '$15.00',
    '$30.00',
    '$30.00',
    '$30.00',
    '$30.00',
    '$30.00',
    '0',
  ]);
  await expect(table.getByRole('row', { name: fall }).getByRole('cell')).toHaveText([
    '1',
    '0',
    '0',
    '0',
    '0',
    '0',
    '$12.50',
    '$12.50',
    '—',
    '—',
    '—',
    '—',
    '—',
    '0',
  ]);

  // Each column sorts, both ways, and says so: figures largest first, then the other way.
  const spendHeader = table.getByRole('columnheader', { name: 'Spend', exact: true });
  await expect(spendHeader).toHaveAttribute('aria-sort', 'descending');
  await spendHeader.getByRole('button').click();
  await expect(spendHeader).toHaveAttribute('aria-sort', 'ascending');
  const perLead = table.getByRole('columnheader', { name: 'Cost per lead' });
  await perLead.getByRole('button').click();
  await expect(perLead).toHaveAttribute('aria-sort', 'descending');
  await expect(spendHeader).toHaveAttribute('aria-sort', 'none');

  // Spring's spend is shared by its visitors' pages: /candidates gets half of it (other specs
  // may add theirs), and the table names the allocation.
  await costs.getByLabel('Costs per', { exact: true }).selectOption('landingPages');
  const pages = costs.getByRole('table', { name: /^Costs per landing page/ });
  const candidatesSpend = await pages
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: '/candidates', exact: true }) })
    .getByRole('cell')
    .nth(6)
    .textContent();
  expect(Number(candidatesSpend?.replace(/[$,]/g, ''))).toBeGreaterThanOrEqual(15);
  await expect(pages).toHaveAccessibleDescription(
    /^Spend of each campaign is shared among its landing pages by their share of its visitors/,
  );

  await expect(costs.getByTestId('spend-chart').locator('canvas')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test.describe("on a server of its own, whose week's figures are this test's alone", () => {
  const server = ownServer();

  test('an Ads Manager export is read as it is, a bad file points to the template, and unmatched spend offers the leads’ campaigns', async ({
    page,
    consoleGuard,
  }) => {
    test.setTimeout(60_000);
    consoleGuard.allow(/status of 400/); // the bad file's answer
    const { baseUrl } = server();
    const visitor = await playwrightRequest.newContext({ baseURL: baseUrl });
    const campaign = uniqueTag('Spring Technicians');
    const untagged = uniqueTag('fb-untagged');
    const emails = [uniqueTag('m'), uniqueTag('n')].map((tag) => `${tag}@example.com`);
    for (const [index, email] of emails.entries()) {
      await lead.email(visitor, email, {
        page: '/career',
        variant: 'free_training',
        utmSource: 'facebook',
        utmCampaign: index === 0 ? campaign : untagged,
      });
    }
    const employers = uniqueTag('linkedin-employers');
    await lead.companyRequest(visitor, `${uniqueTag('e')}@example.com`, 'Acme', {
      page: '/companies',
      utmSource: 'linkedin',
      utmCampaign: employers,
    });
    await visitor.dispose();
    await signIn(page, baseUrl);
    const listed = await page.request.get(`${baseUrl}/api/admin/lead-emails`, {
      headers: searchHeader(emails[0]!),
    });
    const [placed] = (await listed.json()) as { id: number }[];
    await page.request.patch(`${baseUrl}/api/candidate-submissions/${placed!.id}`, {
      data: { status: 'placed' },
    });

    const panel = await openTab(page, 'Insights');
    // This week's outcomes, in the funnel's words: the placed lead counts as applied too.
    await expect(outcomeCard(panel, 'Leads')).toMatchAriaSnapshot(`
      - term: Leads
      - definition: "2 this week,"
      - definition: "0 same days last week"
      - definition: "2 more than last week"
    `);
    for (const stage of ['Applications', 'Placed'])
      await expect(outcomeCard(panel, stage)).toMatchAriaSnapshot(`
        - term: ${stage}
        - definition: "1 this week,"
        - definition: "0 same days last week"
        - definition: "1 more than last week"
      `);
    // No spend yet: a dash, read as "none".
    await expect(outcomeCard(panel, 'Cost per placement')).toMatchAriaSnapshot(`
      - term: Cost per placement
      - definition: "none this week,"
      - definition: "none same days last week"
    `);
    const costs = panel.getByRole('region', { name: 'Costs' });
    const file = costs.getByLabel('Spend CSV (date,source,campaign,spend,currency)');
    const today = new Date().toISOString().slice(0, 10);
    const send = async (name: string, csv: string) => {
      await file.setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await costs.getByRole('button', { name: 'Upload spend' }).click();
    };

    await send('costs.csv', `Date,Campaign,Cost\n${today},${campaign},1.00\n`);
    const problem = costs.getByRole('alert');
    await expect(problem).toContainText(
      'Row 1, column source: the header row has no source column',
    );
    // One sentence ends before the next begins.
    await expect(problem).toHaveText(/ and Amount spent\)\. Compare it with the template\.$/);
    await expect(problem.getByRole('link', { name: 'the template' })).toHaveAttribute(
      'href',
      '/api/admin/spend/template.csv',
    );

    await send(
      'Talent-Bridge-Campaigns-Nov-1-2026-Nov-30-2026.csv',
      'Reporting starts,Reporting ends,Campaign name,Campaign ID,Day,Amount spent (USD)\n' +
        `${today},${today},${campaign},120210000011,${today},48.00\n` +
        `${today},${today},Prospecting,120210000012,${today},9.00\n`,
    );
    await expect(toast(page, 'Spend uploaded').first()).toContainText('2 rows stored.');
    const table = costs.getByRole('table', { name: /^Costs per UTM campaign/ });
    const row = table.getByRole('row', { name: campaign });
    await expect(row.getByRole('cell').nth(6)).toHaveText('$48.00');
    await expect(row.getByRole('cell').nth(12)).toHaveText('$48.00'); // Cost per placement
    // The week's card: the spend that bought candidates per placement, not Prospecting's
    // unmatched 9.00, and the screen says so.
    await expect(outcomeCard(panel, 'Cost per placement')).toMatchAriaSnapshot(`
      - term: Cost per placement
      - definition: "$48.00 this week,"
      - definition: "none same days last week"
    `);
    await expect(panel.getByRole('region', { name: 'This week against last' })).toContainText(
      'the cost per placement is the week’s spend on candidates (matched campaigns’, not unmatched spend nor a campaign that brought only company leads;',
    );

    // /career's two leads: one bought by the 48.00, one from a campaign without spend. Its cost
    // per paid lead is the 48.00, not half of it; the A/B card's free_training side agrees.
    await costs.getByLabel('Costs per', { exact: true }).selectOption('landingPages');
    const pages = costs.getByRole('table', { name: /^Costs per landing page/ });
    await expect(pages.getByRole('columnheader').nth(8)).toHaveText('Cost per paid lead');
    const career = pages.getByRole('row', { name: '/career' });
    await expect(career.getByRole('cell').nth(7)).toHaveText('$48.00');
    await expect(panel.getByRole('region', { name: /^A\/B comparison/ })).toContainText(
      '$48.00 spent, $48.00 per paid lead, $48.00 per paid placement',
    );
    // Per source alike: facebook's matched 48.00 (Prospecting's 9.00 is listed as unmatched) over
    // its paid lead, not 57.00 over both.
    await costs.getByLabel('Costs per', { exact: true }).selectOption('utmSources');
    const sources = costs.getByRole('table', { name: /^Costs per UTM source/ });
    await expect(sources.getByRole('columnheader').nth(8)).toHaveText('Cost per paid lead');
    const facebook = sources.getByRole('row', { name: 'facebook' }).getByRole('cell');
    await expect(facebook.nth(6)).toHaveText('$48.00');
    await expect(facebook.nth(7)).toHaveText('$48.00');

    // The unmatched campaign's match offers the utm_campaign values visitors and leads carry,
    // company leads' too, as matching reads them.
    await expect(costs.getByRole('region', { name: 'Unmatched spend' })).toContainText(
      "No visitor or lead (candidate or company) of this range came with a utm_campaign equal to these campaigns' id or name.",
    );
    const match = costs.getByLabel('utm_campaign of Prospecting');
    const offered = await match.evaluate((input: HTMLInputElement) =>
      [...(input.list?.options ?? [])].map((option) => option.value),
    );
    expect(offered).toContain(untagged);
    expect(offered).toContain(employers);
    expect(offered).not.toContain(campaign);

    // Matched by keyboard: while it saves, Match keeps the focus (and ignores a second press).
    await match.fill(untagged);
    const matchButton = match.locator('xpath=..').getByRole('button', { name: 'Match' });
    await pressWhileHeld(page, '**/api/admin/spend/mappings', matchButton);
    await expect(costs.getByLabel('utm_campaign of Prospecting')).toHaveCount(0);
    // Matched by its Campaign ID, it is listed by the campaign's name.
    const matched = costs.getByRole('region', { name: 'Matched campaigns' });
    await expect(
      matched.getByRole('button', { name: `Remove ${untagged} -> facebook Prospecting` }),
    ).toBeVisible();
    // The last unmatched campaign gone, the focus is on the Costs heading, not the page.
    await expect(costs.getByRole('heading', { name: 'Costs', exact: true })).toBeFocused();
  });
});

test('a wrong match is listed and removed by keyboard, and its campaign is unmatched again', async ({
  page,
}) => {
  const source = uniqueTag('src');
  const campaign = uniqueTag('Spring');
  const wrong = uniqueTag('spring-fb');
  await lead.email(page.request, `${uniqueTag('w')}@example.com`, {
    page: '/career',
    variant: 'free_training',
    utmSource: source,
    utmCampaign: wrong,
  });
  await signIn(page);
  // Far more than other specs' spend: the campaign is among those the list names.
  await uploadTodaysSpend(page, '99999.00', source, campaign);

  const costs = (await openTab(page, 'Insights')).getByRole('region', { name: 'Costs' });
  const input = costs.getByLabel(`utm_campaign of ${campaign}`);
  await input.fill(wrong);
  await input.press('Enter');
  await expect(input).toHaveCount(0);
  const spendOf = costs
    .getByRole('table', { name: /^Costs per UTM campaign/ })
    .getByRole('row', { name: wrong })
    .getByRole('cell')
    .nth(6);
  await expect(spendOf).toHaveText('$99,999.00');

  const matched = costs.getByRole('region', { name: 'Matched campaigns' });
  const listed = matched
    .getByRole('listitem')
    .filter({ hasText: `${wrong} -> ${source} ${campaign}` });
  await expect(listed).toBeVisible();
  await listed
    .getByRole('button', { name: `Remove ${wrong} -> ${source} ${campaign}` })
    .press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Remove this match?' });
  await expect(dialog).toContainText(`Leads with utm_campaign ${wrong} will no longer count`);
  await dialog.getByRole('button', { name: 'Remove match' }).press('Enter');

  await expect(listed).toHaveCount(0);
  // The keyboard stays in the list: on the next match, else on its heading.
  await expect(matched.locator(':focus')).toHaveCount(1);
  await expect(costs.getByLabel(`utm_campaign of ${campaign}`)).toBeVisible();
  await expect(spendOf).toHaveText('—');
});

test.describe('on a phone, 375 px wide', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test("the weekly chart's ticks are the weeks' Mondays, named so", async ({ page }) => {
    // What the charts write on their canvases: the ticks' labels.
    await page.addInitScript(() => {
      const drawn: [HTMLCanvasElement, string][] = [];
      Object.assign(window, { drawn });
      const fillText = CanvasRenderingContext2D.prototype.fillText;
      CanvasRenderingContext2D.prototype.fillText = function (text, ...at) {
        drawn.push([this.canvas, text]);
        fillText.call(this, text, ...at);
      };
    });
    await signIn(page);
    await uploadTodaysSpend(page);
    const chart = (await openTab(page, 'Insights')).getByTestId('spend-chart').locator('canvas');
    await expect(chart).toBeVisible();
    // The Mondays of the last 30 days' weeks, as the dashboard writes days (en-US).
    const mondays = Array.from({ length: 6 }, (_, week) => {
      const day = new Date(Date.now() - 29 * 86_400_000);
      day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7) + 7 * week);
      return day.toLocaleDateString('en-US', {
        weekday: 'short',
        month: 'short',
        day: 'numeric',
        timeZone: 'UTC',
      });
    });
    // The time axis's labels: all but the spend and placements axes' figures.
    const labels = await chart.evaluate((canvas) =>
      (window as unknown as { drawn: [HTMLCanvasElement, string][] }).drawn
        .filter(([on, text]) => on === canvas && !/^[\d.,]+$/.test(text))
        .map(([, text]) => text),
    );
    expect(labels.length).toBeGreaterThan(0);
    expect(labels.filter((label) => !mondays.includes(label))).toEqual([]);
  });
});

test('the weekly chart dashes a partial week, and its caption and table say which weeks are', async ({
  page,
}) => {
  // Which canvases drew a dashed line.
  await page.addInitScript(() => {
    const dashed: HTMLCanvasElement[] = [];
    Object.assign(window, { dashed });
    const setLineDash = CanvasRenderingContext2D.prototype.setLineDash;
    CanvasRenderingContext2D.prototype.setLineDash = function (segments) {
      if ([...segments].length > 0) dashed.push(this.canvas);
      setLineDash.call(this, segments);
    };
  });
  // A Sunday noon: the last 30 days are 31 October (a Saturday) to today, whose week has all its
  // days in the range and is still under way.
  await page.clock.setFixedTime('2026-11-29T12:00:00Z');
  await signIn(page);
  const uploaded = await page.request.post('/api/admin/spend', {
    headers: { 'content-type': 'text/csv' },
    data: `date,source,campaign,spend,currency\n2026-11-29,${uniqueTag('src')},${uniqueTag('c')},5.00,USD\n`,
  });
  expect(uploaded.ok(), await uploaded.text()).toBe(true);
  const partial = ['2026-10-26 (partial: 2 of 7 days)', '2026-11-23 (partial: in progress)'];

  const costs = (await openTab(page, 'Insights')).getByRole('region', { name: 'Costs' });
  const figure = costs.getByRole('figure', { name: /^Spend and placements per week/ });
  await expect(figure).toContainText(
    'dashed: a partial week, only partly in the range or still in progress',
  );
  await figure.getByText('Show the weeks as a table').click();
  // The table's rows, not the chart's legend.
  const weeks = await figure.locator('details').getByRole('rowheader').allTextContents();
  expect(weeks.filter((week) => week.includes('partial'))).toEqual(partial);
  const chart = figure.getByTestId('spend-chart').locator('canvas');
  await expect(chart).toBeVisible();
  await expect
    .poll(() =>
      chart.evaluate((canvas) =>
        (window as unknown as { dashed: Element[] }).dashed.includes(canvas),
      ),
    )
    .toBe(true);
});
