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
