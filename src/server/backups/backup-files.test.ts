import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { backupNameAt, digestIn, pruneBackups } from './backup-files';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

it('keeps the newest BACKUP_KEEP backups with their checksums and leaves other files', async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'tb-prune-'));
  const names = [0, 1, 2, 3].map((hour) => backupNameAt(new Date(Date.UTC(2026, 10, 23, hour))));
  for (const name of names) {
    await writeFile(path.join(dir, name), 'db');
    await writeFile(path.join(dir, `${name}.sha256`), 'sum');
  }
  await writeFile(path.join(dir, 'replaced-2026-11-23T00-00-00.000Z.sqlite'), 'kept aside');
  const fresh = `${backupNameAt(new Date())}.partial`;
  await writeFile(path.join(dir, fresh), 'being written');
  const stale = `${names[0]}.partial-journal`;
  await writeFile(path.join(dir, stale), 'left by a crash');
  const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
  await utimes(path.join(dir, stale), twoHoursAgo, twoHoursAgo);

  expect(await pruneBackups(dir, 2)).toEqual([names[0], names[1], stale]);
  expect((await readdir(dir)).sort()).toEqual(
    [
      names[2],
      `${names[2]}.sha256`,
      names[3],
      `${names[3]}.sha256`,
      'replaced-2026-11-23T00-00-00.000Z.sqlite',
      fresh,
    ].sort(),
  );
});

it('names backups by UTC time, in an order that sorts by time', () => {
  expect(backupNameAt(new Date(Date.UTC(2026, 10, 23, 19, 30, 0, 5)))).toBe(
    'talent-bridge-2026-11-23T19-30-00.005Z.sqlite',
  );
});

it('reads sha256sum lines, text and binary mode', () => {
  const digest = 'ab'.repeat(32);
  expect(digestIn(`${digest}  talent-bridge.sqlite\n`)).toBe(digest);
  expect(digestIn(`${digest.toUpperCase()} *talent-bridge.sqlite`)).toBe(digest);
  expect(digestIn('not a checksum')).toBeUndefined();
});
