import { describe, expect, it } from 'vitest';
import { chooseLogFormat } from '../platform/logging/log-format';
import { loadConfig } from './config';
import { databaseSummary, siteUrlWarning } from './config-summary';
import { localUrl } from './start-banner';

describe('the configuration in words', () => {
  it('names PostgreSQL by host and database, never its user or password', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://talent:pg-secret%21@db.talent.example:6543/talent_prod',
    });
    expect(databaseSummary(config, 'x.sqlite')).toBe(
      'PostgreSQL db.talent.example:6543 database talent_prod',
    );
  });

  it('warns of a local SITE_URL in production only', () => {
    const warn = (env: Record<string, string>) => siteUrlWarning(loadConfig(env));
    expect(warn({})).toMatch(/^SITE_URL is http:\/\/localhost:3000 in production/);
    expect(warn({ SITE_URL: 'http://127.0.0.1:8080' })).toMatch(/^SITE_URL is http:\/\/127/);
    expect(warn({ SITE_URL: 'http://[::1]:3000' })).toBeDefined();
    expect(warn({ SITE_URL: 'https://talent.example' })).toBeUndefined();
    expect(warn({ NODE_ENV: 'development' })).toBeUndefined();
    expect(warn({ NODE_ENV: 'test' })).toBeUndefined();
  });

  it('opens a wildcard or loopback listener as localhost', () => {
    expect(localUrl('0.0.0.0', 3000)).toBe('http://localhost:3000');
    expect(localUrl('::', 3000)).toBe('http://localhost:3000');
    expect(localUrl('10.0.0.5', 80)).toBe('http://10.0.0.5:80');
    expect(localUrl('fd00::5', 80)).toBe('http://[fd00::5]:80');
  });
});

describe('the log format', () => {
  it('is readable on a terminal and JSON elsewhere, unless LOG_FORMAT says', () => {
    expect(chooseLogFormat('auto', true)).toBe('pretty');
    expect(chooseLogFormat('auto', false)).toBe('json');
    expect(chooseLogFormat('json', true)).toBe('json');
    expect(chooseLogFormat('pretty', false)).toBe('pretty');
    expect(loadConfig({}).logFormat).toBe('auto');
    expect(() => loadConfig({ LOG_FORMAT: 'yaml' })).toThrow(/LOG_FORMAT/);
  });
});
