import fp from 'fastify-plugin';
import path from 'node:path';
import { every } from './backup-schedule';
import { PG_BACKUP_POINTER, writeBackup } from './write-backup';

export interface BackupsPluginOptions {
  dataDir: string;
  /** BACKUP_INTERVAL_HOURS; undefined: backups only on demand (`npm run backup`). */
  intervalHours: number | undefined;
  keep: number;
}

/** Scheduled SQLite backups (decision 130); shutdown waits for one in progress. */
export const backupsPlugin = fp<BackupsPluginOptions>(async (app, options) => {
  const { dataDir, intervalHours, keep } = options;
  if (intervalHours === undefined) return;
  if (app.database.dialect !== 'sqlite') {
    app.log.warn(`BACKUP_INTERVAL_HOURS is ignored: ${PG_BACKUP_POINTER}`);
    return;
  }
  const schedule = every(intervalHours * 3_600_000, async () => {
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
  });
  app.addHook('onClose', () => schedule.stop());
});
