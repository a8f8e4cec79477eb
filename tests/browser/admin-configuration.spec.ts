import AxeBuilder from '@axe-core/playwright';
import { test } from './fixtures';
import { expect, openTab, ownServer, signIn } from './support/admin';

test.describe.configure({ timeout: 90_000 });

const METRICS_TOKEN = 'browser-metrics-token-1234';

test.describe('the Configuration panel of a production server with SITE_URL at localhost', () => {
  // The server of this file: production (as npm start), SITE_URL and mail left unset.
  const server = ownServer(() => ({ METRICS_TOKEN, BACKUP_INTERVAL_HOURS: '6' }));

  test('shows the SITE_URL warning and each setting by its state, never a secret', async ({
    page,
  }) => {
    const { baseUrl } = server();
    await signIn(page, baseUrl);
    const panel = await openTab(page, 'Settings');
    const configuration = panel.getByRole('region', { name: 'Configuration' });
    await expect(configuration).toBeVisible();

    const alert = configuration.getByRole('alert');
    await expect(alert).toContainText('3 settings need attention');
    await expect(alert).toContainText('SITE_URL is http://localhost:3000 in production');
    await expect(alert).toContainText('No mail transport');
    await expect(alert).toContainText('RETENTION_DAYS is unset: leads are kept for ever');

    const row = (label: string) =>
      configuration.locator('dt', { hasText: label }).locator('xpath=..');
    await expect(row('Public address')).toContainText('Needs attention');
    await expect(row('Mail transport')).toContainText('Needs attention');
    await expect(row('Meta Pixel')).toContainText('Off');
    await expect(row('Conversions API')).toContainText('Off');
    await expect(row('Backups')).toContainText('On');
    await expect(row('Backups')).toContainText('Every 6 h, the newest 7 kept in');
    await expect(row('Metrics')).toContainText('On: GET /metrics with the bearer token');
    await expect(row('Retention')).toContainText('Needs attention');
    await expect(configuration).not.toContainText(METRICS_TOKEN);

    const storage = configuration.getByRole('definition');
    await expect(configuration.getByRole('heading', { name: 'Storage bounds' })).toBeVisible();
    await expect(storage.filter({ hasText: '0 forms held, each for 30 days' })).toBeVisible();
    await expect(storage.filter({ hasText: 'from an address past 50 new visitors' })).toHaveText(
      '0 in the last 30 days (from an address past 50 new visitors a day)',
    );

    const section = await new AxeBuilder({ page })
      .include('section[aria-labelledby="configuration-heading"]')
      .analyze();
    expect(section.violations.map((violation) => violation.id)).toEqual([]);
  });
});
