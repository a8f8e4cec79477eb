import { describe, expect, it } from 'vitest';
import {
  configurationItemKeys,
  type AdminConfiguration,
} from '../../src/shared/admin-configuration';
import { adminEnv, signIn } from '../support/admin';
import { fetchOpenApi } from '../support/openapi';
import { describeEachDatabase, type TestApp } from '../support/test-app';

/** Secrets set below: none may appear in the answer. */
const SECRETS = {
  SMTP_URL: 'smtps://relay-user:smtp-secret-pass@smtp.talent.example:465',
  META_CAPI_ACCESS_TOKEN: 'EAAconfig-secret-access-token',
  METRICS_TOKEN: 'metrics-secret-token-1234',
};

async function configuration(testApp: TestApp): Promise<AdminConfiguration> {
  const cookie = await signIn(testApp.app);
  const response = await testApp.app.inject({
    method: 'GET',
    url: '/api/admin/configuration',
    headers: { cookie },
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  for (const secret of [...Object.values(SECRETS), 'smtp-secret-pass', 'relay-user']) {
    expect(response.body).not.toContain(secret);
  }
  if (testApp.env.DATABASE_URL) {
    expect(response.body).not.toContain(new URL(testApp.env.DATABASE_URL).password || '\u0000');
  }
  return response.json<AdminConfiguration>();
}

const item = (config: AdminConfiguration, key: string) =>
  config.items.find((one) => one.key === key);

describeEachDatabase(
  'GET /api/admin/configuration in production with SITE_URL at its localhost default',
  (current) => {
    it('is admin only', async () => {
      const response = await current().app.inject({ url: '/api/admin/configuration' });
      expect(response.statusCode).toBe(401);
    });

    it('warns about SITE_URL and shows each setting by its state, never a secret', async () => {
      const config = await configuration(current());
      expect(config.production).toBe(true);
      expect(config.warnings).toEqual([
        expect.stringContaining('SITE_URL is http://localhost:3000 in production'),
      ]);
      expect(item(config, 'site-url')).toMatchObject({ state: 'warning', settings: ['SITE_URL'] });
      expect(item(config, 'mail')).toMatchObject({
        state: 'on',
        summary: 'SMTP server smtp.talent.example:465',
      });
      expect(item(config, 'pixel')).toMatchObject({
        state: 'on',
        summary: 'Pixel 123456789012345, consent mode notice',
      });
      expect(item(config, 'conversions')).toMatchObject({ state: 'on' });
      expect(item(config, 'conversions')?.summary).toContain('Graph API v24.0');
      expect(item(config, 'metrics')).toMatchObject({
        state: 'on',
        summary: 'On: GET /metrics with the bearer token (Prometheus format)',
      });
      expect(item(config, 'retention')).toMatchObject({
        state: 'on',
        summary: 'Leads without a new form for 730 days are erased daily',
      });
      const backups = item(config, 'backups');
      if (current().kind === 'sqlite') {
        expect(backups).toMatchObject({ state: 'on' });
        expect(backups?.summary).toMatch(/^Every 12 h, the newest 3 kept in .*backups$/);
      } else {
        expect(backups).toMatchObject({ state: 'off' });
        expect(backups?.summary).toContain('pg_dump');
      }
      // Nothing held or dropped yet (the figures have tests/api/bounds.test.ts).
      expect(config.storage).toEqual({
        quarantined: 0,
        quarantineDropped: 0,
        visitsNotCounted: 0,
        days: 30,
      });
    });

    it('is described in the OpenAPI document as an admin route', async () => {
      const document = await fetchOpenApi(current().app);
      const operation = document.paths['/api/admin/configuration']?.get;
      expect(operation?.security).toEqual([{ cookieAuth: [] }]);
      expect(Object.keys(operation?.responses ?? {})).toEqual(
        expect.arrayContaining(['200', '401']),
      );
    });
  },
  {
    env: {
      ...adminEnv,
      ...SECRETS,
      NODE_ENV: 'production',
      META_PIXEL_ID: '123456789012345',
      BACKUP_INTERVAL_HOURS: '12',
      BACKUP_KEEP: '3',
      RETENTION_DAYS: '730',
    },
    conversionWorker: { enabled: false },
  },
);

describe('GET /api/admin/configuration with a public SITE_URL', () => {
  describeEachDatabase(
    'no SITE_URL warning',
    (current) => {
      it('warns that mail is not sent and leads are kept for ever; what is not set is off', async () => {
        const config = await configuration(current());
        // A production server without SMTP_URL or SENDGRID_API_KEY sends no e-mail, and
        // without RETENTION_DAYS breaks the privacy policy's 24 months.
        expect(config.warnings).toEqual([
          expect.stringMatching(
            /^No mail transport: e-mails are written as files in .*outbox, not sent$/,
          ),
          expect.stringContaining('RETENTION_DAYS is unset: leads are kept for ever'),
        ]);
        expect(item(config, 'retention')).toMatchObject({
          state: 'warning',
          summary: expect.stringContaining('Set RETENTION_DAYS=730.') as unknown,
        });
        expect(item(config, 'mail')).toMatchObject({ state: 'warning' });
        expect(item(config, 'site-url')).toMatchObject({
          state: 'ok',
          summary: 'https://talent.example',
        });
        expect(item(config, 'pixel')).toMatchObject({ state: 'off' });
        expect(item(config, 'conversions')).toMatchObject({ state: 'off' });
        expect(item(config, 'metrics')).toMatchObject({
          state: 'off',
          summary: 'Off: GET /metrics answers 404',
        });
        expect(config.items.map((one) => one.key)).toEqual(configurationItemKeys);
      });
    },
    { env: { ...adminEnv, NODE_ENV: 'production', SITE_URL: 'https://talent.example' } },
  );
});
