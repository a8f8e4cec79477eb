import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The repository's own lint rules catch what they claim to: ESLint runs with eslint.config.js on
 * files written for the test inside src/, where the rules apply, and removed afterwards.
 */

const root = path.resolve(import.meta.dirname, '..', '..');
const folder = path.join(root, 'src', `lint-probe-${process.pid}`);
mkdirSync(folder, { recursive: true });

afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Writes `files` (name: text) into the probe folder and lints them; their messages' rules. */
async function lint(files: Record<string, string>): Promise<(string | null)[][]> {
  const paths = Object.entries(files).map(([name, text]) => {
    const file = path.join(folder, name);
    writeFileSync(file, text);
    return file;
  });
  const results = await new ESLint({ cwd: root }).lintFiles(paths);
  return results.map((result) => result.messages.map((message) => message.ruleId));
}

describe('lint rules', () => {
  it('import-x/no-cycle fails a .ts and a .tsx file that import each other', async () => {
    const rules = await lint({
      'first-half.ts':
        "import { second } from './second-half';\n\nexport const first = () => second;\n",
      'second-half.tsx':
        "import { first } from './first-half';\n\nexport const second = () => first;\n",
    });
    expect(rules).toEqual([['import-x/no-cycle'], ['import-x/no-cycle']]);
  }, 60_000);

  it('passes two such files when only one imports the other', async () => {
    const rules = await lint({
      'lower-layer.ts': 'export const lower = () => 1;\n',
      'upper-layer.tsx':
        "import { lower } from './lower-layer';\n\nexport const upper = () => lower;\n",
    });
    expect(rules).toEqual([[], []]);
  }, 60_000);

  it('max-lines fails a module of more than 300 lines', async () => {
    const statements = (count: number) =>
      Array.from({ length: count }, (_, i) => `export const value${i} = ${i};\n`).join('');
    const rules = await lint({
      'long-module.ts': statements(301),
      'short-module.ts': statements(300),
    });
    expect(rules).toEqual([['max-lines'], []]);
  }, 60_000);
});
