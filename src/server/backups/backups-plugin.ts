import fp from 'fastify-plugin';
import path from 'node:path';
import type { ServerConfig } from '../config/config';
import { backupsDirOf, backupTimeOf, listBackups } from './backup-files';
import { every } from './backup-schedule';
import { PG_BACKUP_POINTER, writeBackup } from './write-backup';

type BackupsOptions = ServerConfig['backup'] & { dataDir: string };

/** Scheduled SQLite backups (decision 130); shutdown waits for one in progress. */
export const backupsPlugin = fp<BackupsOptions>(async (app, { dataDir, intervalHours, keep }) => {
  // Unset: backups only on demand (`npm run backup`).
  if (intervalHours === undefined) return;
  if (app.database.dialect !== 'sqlite') {
    app.log.warn(`BACKUP_INTERVAL_HOURS is ignored: ${PG_BACKUP_POINTER}`);
    return;
  }
  const backUp = async () => {
    try {
      const result = await writeBackup({ dataDir, keep, from: app.database.sqlite });
      app.log.info(
        {
          backup: path.basename(result.file),
          bytes: result.bytes,
          ms: Math.round(result.ms),
          deleted: result.pruned.length,
        },
        'backup written',
      );
    } catch (error) {
      app.log.error({ err: error }, 'backup failed');
    }
  };
  const intervalMs = intervalHours * 3_600_000;
  // One interval after the newest backup (npm run backup's too), at once if none: a server
  // restarted more often than the interval (deploys, a crash loop) still backs up.
  const newest = (await listBackups(backupsDirOf(dataDir))).at(-1);
  const firstAt = newest ? Math.min(backupTimeOf(newest), Date.now()) + intervalMs : Date.now();
  const schedule = every(intervalMs, backUp, firstAt);
  app.addHook('onClose', () => schedule.stop());
});
