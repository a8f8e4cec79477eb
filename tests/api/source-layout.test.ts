import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** The admin client stays in folders a newcomer can scan: by task, none of them crowded. */
const ADMIN_CLIENT = path.resolve(import.meta.dirname, '..', '..', 'src/client/features/admin');
const MAX_FILES_A_FOLDER = 12;

/** Every folder under `root` (itself included) with how many files it holds directly. */
function folders(root: string): { folder: string; files: number }[] {
  const entries = readdirSync(root, { withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile()).length;
  const below = entries
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => folders(path.join(root, entry.name)));
  return [{ folder: path.relative(ADMIN_CLIENT, root) || '.', files }, ...below];
}

describe('the admin client', () => {
  it(`has no folder of more than ${MAX_FILES_A_FOLDER} files`, () => {
    const all = folders(ADMIN_CLIENT);
    expect(all.length).toBeGreaterThan(5);
    expect(all.filter(({ files }) => files > MAX_FILES_A_FOLDER)).toEqual([]);
  });
});
