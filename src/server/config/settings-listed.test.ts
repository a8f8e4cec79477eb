import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadConfig, SETTING_NAMES } from './config';

const root = path.resolve(import.meta.dirname, '..', '..', '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const sorted = (names: Iterable<string>) => [...new Set(names)].sort();

/** `NAME=value` lines of .env.example, commented out (`# NAME=…`) or not. */
const SETTING_LINE = /^(# )?([A-Z][A-Z0-9_]*)=/;

describe('the settings are listed where an operator looks', () => {
  const example = read('.env.example');

  it('.env.example has a line for every setting the server reads, and for no other', () => {
    const names = example.split('\n').flatMap((line) => SETTING_LINE.exec(line)?.[2] ?? []);
    expect(sorted(names)).toEqual(sorted(SETTING_NAMES));
    expect(names).toHaveLength(SETTING_NAMES.length);
  });

  it('docs/configuration.md has a row for every setting, and for no other', () => {
    const [settings = ''] = read('docs/configuration.md').split('## Constants, not settings');
    const names = settings
      .split('\n')
      .flatMap((line) => /^\| `([A-Z][A-Z0-9_]*)`/.exec(line)?.[1] ?? []);
    expect(sorted(names)).toEqual(sorted(SETTING_NAMES));
    expect(names).toHaveLength(SETTING_NAMES.length);
  });

  it('.env.example starts a server as it is, and with every example uncommented', () => {
    expect(() => loadConfig(parseEnv(example))).not.toThrow();
    const uncommented = example.replace(/^# ([A-Z][A-Z0-9_]*=)/gm, '$1');
    expect(() => loadConfig(parseEnv(uncommented))).not.toThrow();
  });
});
