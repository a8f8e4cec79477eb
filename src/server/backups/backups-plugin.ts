import fp from 'fastify-plugin';
import path from 'node:path';
import { Gauge } from 'prom-client';
import type { ServerConfig } from '../config/config';
import { backupsDirOf, backupTimeOf, listBackups } from './backup-files';
import { every } from './backup-schedule';
import { BackupDiskFull, PG_BACKUP_POINTER, writeBackup } from './write-backup';

type BackupsOptions = ServerConfig['backup'] & { dataDir: string };

/** Scheduled SQLite backups (decision 130); shutdown waits for one in progress. */
export const backupsPlugin = fp<BackupsOptions>(async (app, { dataDir, intervalHours, keep }) => {
  if (app.database.dialect !== 'sqlite') {
    if (intervalHours !== undefined)
      app.log.warn(`BACKUP_INTERVAL_HOURS is ignored: ${PG_BACKUP_POINTER}`);
    return;
  }
  /** The newest backup's time: a backup is renamed into place only once complete. */
  const newestBackupAt = async () => {
    const newest = (await listBackups(backupsDirOf(dataDir))).at(-1);
    return newest ? backupTimeOf(newest) : undefined;
  };
  // Read from the files at each scrape: `npm run backup` (cron) writes them in another process.
  new Gauge({
    name: 'backup_last_success_timestamp_seconds',
    help: 'When the newest complete backup in DATA_DIR/backups was made (Unix seconds; 0: none)',
    registers: [app.metrics.registry],
    async collect() {
      // Unreadable, as none: an alert on its age fires; the rest of the scrape still answers.
      const at = await newestBackupAt().catch((error: unknown) => {
        app.log.warn({ err: error }, 'metrics: the backups could not be listed');
        return undefined;
      });
      this.set((at ?? 0) / 1000);
    },
  });
  // Unset: backups only on demand (`npm run backup`).
  if (intervalHours === undefined) return;
  const failed = new Gauge({
    name: 'backup_failed',
    help: "1: this server's last scheduled backup failed, by reason (disk_full, error); none: it succeeded",
    labelNames: ['reason'],
    registers: [app.metrics.registry],
  });
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
      failed.reset();
    } catch (error) {
      const diskFull = error instanceof BackupDiskFull;
      app.log.error({ err: error }, `backup failed${diskFull ? `: ${error.message}` : ''}`);
      failed.reset();
      failed.labels(diskFull ? 'disk_full' : 'error').set(1);
    }
  };
  const intervalMs = intervalHours * 3_600_000;
  // One interval after the newest backup (npm run backup's too), at once if none: a server
  // restarted more often than the interval (deploys, a crash loop) still backs up.
  const newest = await newestBackupAt();
  const firstAt = newest ? Math.min(newest, Date.now()) + intervalMs : Date.now();
  const schedule = every(intervalMs, backUp, firstAt);
  app.addHook('onClose', () => schedule.stop());
});
