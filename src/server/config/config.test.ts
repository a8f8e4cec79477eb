import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { parseSiteConfig } from '@shared/site-config';

describe('loadConfig: database settings', () => {
  it('defaults to SQLite in ./data', () => {
    const config = loadConfig({});
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toBe(path.resolve('data'));
  });

  it('takes DATA_DIR and a PostgreSQL DATABASE_URL', () => {
    const config = loadConfig({
      DATA_DIR: '/var/lib/talent-bridge',
      DATABASE_URL: 'postgres://app:secret@db.internal:5432/leads',
    });
    expect(config.dataDir).toBe('/var/lib/talent-bridge');
    expect(config.databaseUrl).toBe('postgres://app:secret@db.internal:5432/leads');
    expect(loadConfig({ DATABASE_URL: 'postgresql://db/leads' }).databaseUrl).toBe(
      'postgresql://db/leads',
    );
  });

  it('treats a blank DATABASE_URL as unset', () => {
    expect(loadConfig({ DATABASE_URL: '  ' }).databaseUrl).toBeUndefined();
  });

  it.each(['mysql://db/leads', 'not a url', 'http://db/leads'])(
    'refuses DATABASE_URL=%s, naming the variable',
    (value) => {
      expect(() => loadConfig({ DATABASE_URL: value })).toThrow(/DATABASE_URL/);
    },
  );
});

describe('loadConfig: run-time settings for the browser', () => {
  it('defaults to no pixel, notice mode and the built-in questionnaire', () => {
    expect(loadConfig({}).runtime).toEqual({
      metaPixelId: null,
      consentMode: 'notice',
      questionnaireUrl: null,
    });
  });

  it('takes META_PIXEL_ID, CONSENT_MODE and QUESTIONNAIRE_URL', () => {
    const config = loadConfig({
      META_PIXEL_ID: '1234567890',
      CONSENT_MODE: 'opt-in',
      QUESTIONNAIRE_URL: 'https://forms.fillout.com/t/abc',
    });
    expect(config.runtime).toEqual({
      metaPixelId: '1234567890',
      consentMode: 'opt-in',
      questionnaireUrl: 'https://forms.fillout.com/t/abc',
    });
  });

  it('names each bad value', () => {
    expect(() => loadConfig({ META_PIXEL_ID: 'fb-123' })).toThrow(/META_PIXEL_ID/);
    expect(() => loadConfig({ CONSENT_MODE: 'always' })).toThrow(/CONSENT_MODE/);
    expect(() => loadConfig({ QUESTIONNAIRE_URL: 'http://forms.example' })).toThrow(
      /QUESTIONNAIRE_URL/,
    );
  });
});

describe('loadConfig: TRUST_PROXY', () => {
  it.each(['true', 'TRUE', ' true '])('refuses TRUST_PROXY=%j, naming the safe forms', (value) => {
    const error = (() => {
      try {
        loadConfig({ TRUST_PROXY: value });
      } catch (caught) {
        return String(caught);
      }
      return 'no error';
    })();
    expect(error).toMatch(/TRUST_PROXY: "true" would trust every hop/);
    expect(error).toContain('the number of proxies in front of the server (e.g. 1)');
    expect(error).toContain('their addresses or subnets');
  });

  it.each(['yes', '10.0.0.300', '10.0.0.0/33', 'proxy.internal', '1.2.3.4,'])(
    'refuses TRUST_PROXY=%j, naming the safe forms',
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
        /TRUST_PROXY: must be the number of proxies .* or their addresses or subnets/,
      );
    },
  );

  it('trusts nothing by default, or with false or 0', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
  });

  it('takes a hop count: that many proxies in front are believed, no more', () => {
    const trust = loadConfig({ TRUST_PROXY: '2' }).trustProxy;
    if (typeof trust !== 'function') throw new Error(`expected a function, got ${String(trust)}`);
    expect(trust('203.0.113.9', 0)).toBe(true);
    expect(trust('203.0.113.9', 1)).toBe(true);
    expect(trust('203.0.113.9', 2)).toBe(false);
  });

  it('takes the proxies addresses and subnets, comma-separated', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5' }).trustProxy).toBe('10.0.0.5');
    expect(
      loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.1,fd00::/8,loopback' }).trustProxy,
    ).toBe('10.0.0.0/8,192.168.1.1,fd00::/8,loopback');
  });
});

describe('loadConfig: new lead notifications', () => {
  const secret = 'whsec_MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=';

  it('is off by default', () => {
    expect(loadConfig({}).notify).toEqual({ emails: [], webhook: undefined });
  });

  it('takes comma-separated NOTIFY_EMAIL addresses and the webhook with its secret', () => {
    const config = loadConfig({
      NOTIFY_EMAIL: 'sales@example.com, ops@example.com',
      NOTIFY_WEBHOOK_URL: 'https://hooks.example.com/leads',
      NOTIFY_WEBHOOK_SECRET: secret,
    });
    expect(config.notify).toEqual({
      emails: ['sales@example.com', 'ops@example.com'],
      webhook: { url: 'https://hooks.example.com/leads', secret },
    });
  });

  it.each([
    [{ NOTIFY_EMAIL: 'sales@example.com, not-an-address' }, /NOTIFY_EMAIL/],
    [{ NOTIFY_WEBHOOK_URL: 'ftp://hooks.example.com', NOTIFY_WEBHOOK_SECRET: secret }, /URL/],
    [{ NOTIFY_WEBHOOK_URL: 'https://h.example', NOTIFY_WEBHOOK_SECRET: 'plain' }, /whsec_/],
    [{ NOTIFY_WEBHOOK_URL: 'https://h.example' }, /set both or neither/],
  ])('refuses %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('loadConfig: Meta Conversions API', () => {
  const on = { META_PIXEL_ID: '123456789012345', META_CAPI_ACCESS_TOKEN: 'EAAsecret-token' };

  it('is off without an access token, even with a pixel id', () => {
    expect(loadConfig({ META_PIXEL_ID: '123456789012345' }).conversions).toBeUndefined();
  });

  it('takes the token with the pixel id; the Graph URL has a default', () => {
    expect(loadConfig(on).conversions).toEqual({
      pixelId: '123456789012345',
      accessToken: 'EAAsecret-token',
      graphUrl: 'https://graph.facebook.com',
      apiVersion: 'v24.0',
      testEventCode: undefined,
      statusEvents: true,
    });
    expect(
      loadConfig({
        ...on,
        META_GRAPH_URL: 'http://127.0.0.1:9000/',
        META_TEST_EVENT_CODE: 'TEST123',
        META_CAPI_STATUS_EVENTS: 'false',
      }).conversions,
    ).toMatchObject({
      graphUrl: 'http://127.0.0.1:9000',
      testEventCode: 'TEST123',
      statusEvents: false,
    });
  });

  it.each([
    [{ META_CAPI_ACCESS_TOKEN: 'EAAsecret-token' }, /needs META_PIXEL_ID/],
    [{ ...on, META_GRAPH_URL: 'graph.facebook.com' }, /META_GRAPH_URL/],
    [{ ...on, META_CAPI_STATUS_EVENTS: 'no' }, /META_CAPI_STATUS_EVENTS/],
  ])('refuses %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('loadConfig: spam defence (decision 095)', () => {
  it('defaults: 300 valid forms a minute per address, a 2 s time trap, no ALTCHA', () => {
    const config = loadConfig({});
    expect(config.leadRateLimit).toBe(300);
    expect(config.spam).toEqual({ minFillMs: 2000, altchaForms: [] });
    expect(config.runtime.altchaForms).toBeUndefined();
  });

  it('takes ALTCHA_FORMS as form names, and hands them to the browser', () => {
    const config = loadConfig({
      ALTCHA_FORMS: 'company-email, candidate-application,company-email',
    });
    expect(config.spam.altchaForms).toEqual(['company-email', 'candidate-application']);
    expect(config.runtime.altchaForms).toEqual(['company-email', 'candidate-application']);
  });

  it.each([
    [{ ALTCHA_FORMS: 'contact' }, /ALTCHA_FORMS/],
    [{ ALTCHA_FORMS: 'typeform-completed' }, /ALTCHA_FORMS/],
    [{ SPAM_MIN_FILL_MS: '-1' }, /SPAM_MIN_FILL_MS/],
    [{ LEAD_RATE_LIMIT: '-1' }, /LEAD_RATE_LIMIT/],
  ])('refuses %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('loadConfig: messages to the person', () => {
  it('reminds after a day and after three days by default, with week-long status links', () => {
    expect(loadConfig({}).personMessages).toEqual({
      statusLinkDays: 7,
      reminderDelaysMs: [24 * 3_600_000, 72 * 3_600_000],
      confirmationDelayMs: 15 * 60_000,
    });
  });

  it('confirms after CONFIRMATION_DELAY: one duration, seconds to a day', () => {
    const delay = (value: string) => loadConfig({ CONFIRMATION_DELAY: value }).personMessages;
    expect(delay('0s').confirmationDelayMs).toBe(0);
    expect(delay(' 90 s ').confirmationDelayMs).toBe(90_000);
    expect(delay('24h').confirmationDelayMs).toBe(86_400_000);
    for (const value of ['15', '1d', '25h', '5m,10m', '-1m'])
      expect(() => loadConfig({ CONFIRMATION_DELAY: value })).toThrow(/CONFIRMATION_DELAY/);
  });

  it('reads delays with units, shortest first, and an empty setting as no reminders', () => {
    expect(loadConfig({ REMINDER_DELAYS: '2d, 30s,5m' }).personMessages.reminderDelaysMs).toEqual([
      30_000, 300_000, 172_800_000,
    ]);
    expect(loadConfig({ REMINDER_DELAYS: '' }).personMessages.reminderDelaysMs).toEqual([]);
  });

  it.each([{ REMINDER_DELAYS: '24' }, { REMINDER_DELAYS: '1w' }, { STATUS_LINK_DAYS: '0' }])(
    'refuses %o',
    (env) => {
      expect(() => loadConfig(env)).toThrow(/REMINDER_DELAYS|STATUS_LINK_DAYS/);
    },
  );
});

describe('loadConfig: a refused setting is named as the operator wrote it', () => {
  const refusal = (env: Record<string, string>) => {
    try {
      loadConfig(env);
    } catch (caught) {
      return String(caught);
    }
    return 'no error';
  };

  it('says what each takes, and never echoes the value', () => {
    const message = refusal({
      SITE_URL: 'talent.example',
      CONTACT_EMAIL: 'hello',
      PORT: 'http',
      LOG_LEVEL: 'loud',
      BACKUP_INTERVAL_HOURS: '24h',
      BACKUP_KEEP: '1.5',
      SPAM_MIN_FILL_MS: '-5',
      STATUS_LINK_DAYS: '365',
      RETENTION_DAYS: 'forever',
      ADMIN_PASSWORD: 'hunter2',
    });
    expect(message.split('\n').slice(1)).toEqual([
      '  SITE_URL: must be an http:// or https:// URL',
      '  CONTACT_EMAIL: must be an e-mail address',
      '  PORT: must be a whole number',
      '  LOG_LEVEL: must be one of: fatal, error, warn, info, debug, trace, silent',
      '  ADMIN_PASSWORD: must be at least 12 characters',
      '  SPAM_MIN_FILL_MS: must be at least 0 milliseconds',
      '  BACKUP_INTERVAL_HOURS: must be a number of hours',
      '  BACKUP_KEEP: must be a whole number',
      '  STATUS_LINK_DAYS: must be at most 90 days',
      '  RETENTION_DAYS: must be a whole number of days',
    ]);
    expect(message).not.toContain('hunter2');
    expect(refusal({ BACKUP_INTERVAL_HOURS: '0' })).toContain(
      'BACKUP_INTERVAL_HOURS: must be more than 0 hours',
    );
    // One is singular: "at least 1 day", never "1 days".
    expect(refusal({ RETENTION_DAYS: '0', STATUS_LINK_DAYS: '0' })).toContain(
      '  STATUS_LINK_DAYS: must be at least 1 day\n  RETENTION_DAYS: must be at least 1 day',
    );
  });

  it('names the identity settings in the build too', () => {
    expect(() => parseSiteConfig({ SITE_URL: 'ftp://talent.example' })).toThrow(
      'Invalid configuration:\n  SITE_URL: must be an http:// or https:// URL',
    );
  });
});
