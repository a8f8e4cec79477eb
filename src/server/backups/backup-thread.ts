import os from 'node:os';
import { DatabaseThread, serveThread } from '../platform/database/database-thread';
import { writeBackup, type BackupResult } from './write-backup';

/*
 * The server's scheduled backups run on a thread of their own (docs/decisions/130): the copy
 * is one synchronous SQLite step of several seconds at a million leads, and the checksum reads
 * the whole file again; on the main thread both would stop every request meanwhile. The thread
 * reads through its own read-only connection, so lead writes (WAL) go on.
 */

const ROLE = 'talent-bridge-backup';

/**
 * The thread's nice value on Linux (per thread there): when the CPUs
 * are busy, lead writes and pages go first and the backup waits.
 */
const BACKUP_NICE = 10;

type BackupOperations = {
  backup(argument: { keep: number }): Promise<BackupResult>;
};

/** One backup: start a thread, write the backup on it, end the thread. */
export async function backupOnThread(dataDir: string, keep: number): Promise<BackupResult> {
  const thread = new DatabaseThread<BackupOperations>({
    role: ROLE,
    entry: import.meta.url,
    dataDir,
    name: 'SQLite backup',
  });
  try {
    return await thread.call('backup', { keep });
  } finally {
    await thread.close().catch(() => undefined);
  }
}

serveThread(ROLE, (dataDir) => {
  if (process.platform === 'linux') os.setPriority(BACKUP_NICE);
  return {
    operations: {
      backup: ({ keep }: { keep: number }) => writeBackup({ dataDir, keep }),
    },
    close: () => undefined,
  };
});
