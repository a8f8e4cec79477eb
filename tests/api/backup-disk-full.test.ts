import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { backupsDirOf } from '../../src/server/backups/backup-files';
import { adminEnv } from '../support/admin';
import { eventually } from '../support/eventually';
import { startServerProcess, stopLeftoverServers } from '../support/server-process';
import { fakeClientDir } from '../support/test-app';

/* A scheduled backup on a full disk says so, and where, in the log and in its metric. */

const TOKEN = 'backup-disk-full-token-0123456789';
let work = '';
let backups = '';
beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'tb-backup-full-'));
  backups = backupsDirOf(path.join(work, 'data'));
  await mkdir(backups, { recursive: true });
  // A disk of 64 KiB for the backups (the tests run as root): the new database alone is larger.
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k,mode=0700', 'tmpfs', backups]);
});
afterAll(async () => {
  // Before the unmount, which a server still writing there would make fail (a timed-out test).
  await stopLeftoverServers();
  execFileSync('umount', [backups]);
  await rm(work, { recursive: true, force: true });
});

it('logs and counts a backup that found its disk full as "disk full", naming the folder', async () => {
  const server = await startServerProcess({
    ...adminEnv,
    DATA_DIR: path.join(work, 'data'),
    CLIENT_DIR: await fakeClientDir(work),
    LOG_FORMAT: 'json',
    METRICS_TOKEN: TOKEN,
    // No backup yet: the first is due at once.
    BACKUP_INTERVAL_HOURS: '24',
  });
  try {
    const failure = await eventually(() =>
      server.jsonEntries().find((entry) => String(entry.msg).startsWith('backup failed')),
    );
    expect(failure.msg).toMatch(`backup failed: the disk holding ${backups} is full`);
    expect((failure.err as { message: string }).message).toMatch(
      / MB free, the backup needs about /,
    );
    expect(server.output()).not.toContain('disk I/O error');
    const metrics = await fetch(`${server.baseUrl}/metrics`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    const text = await metrics.text();
    expect(text).toContain('backup_failed{reason="disk_full"} 1');
    expect(text).toContain('backup_last_success_timestamp_seconds 0');
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
  }
});
