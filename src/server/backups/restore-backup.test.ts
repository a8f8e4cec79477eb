import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { SQLITE_FILE_NAME } from '../platform/database/connection';
import { EMPTY_LOCK_STALE_MS, lockForStart } from './restore-backup';

/* A restore killed between creating its lock and writing its pid leaves an empty lock. */

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** A DATA_DIR holding an empty restore lock written `age` ms ago. */
async function emptyLock(age: number) {
  dir = await mkdtemp(path.join(os.tmpdir(), 'tb-lock-'));
  const lock = path.join(dir, `${SQLITE_FILE_NAME}.restore.lock`);
  await writeFile(lock, '');
  const made = new Date(Date.now() - age);
  await utimes(lock, made, made);
  return { dataDir: dir, lock };
}

it('starts over an empty lock older than EMPTY_LOCK_STALE_MS, holding it, then lets it go', async () => {
  const { dataDir, lock } = await emptyLock(EMPTY_LOCK_STALE_MS + 1000);
  const unlock = await lockForStart(dataDir);
  expect((await readFile(lock, 'utf8')).split(' ')[0]).toBe(String(process.pid));
  await unlock!();
  expect(existsSync(lock)).toBe(false);
});

it('refuses to start beside a fresh empty lock: its restore is still writing its pid', async () => {
  const { dataDir, lock } = await emptyLock(0);
  await expect(lockForStart(dataDir)).rejects.toThrow(
    `Not started: a restore is running on ${dataDir}: wait for it to finish (if none is, delete ${lock})`,
  );
  expect(await readFile(lock, 'utf8')).toBe('');
});
