import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

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
