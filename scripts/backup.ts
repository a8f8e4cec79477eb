// `npm run backup`: a consistent copy of the SQLite database in DATA_DIR/backups, with its
// SHA-256 beside it, while the server runs or not (docs/decisions/130). Reads the server's
// configuration (DATA_DIR, BACKUP_KEEP); on PostgreSQL it refuses and names pg_dump.
import path from 'node:path';
import { PG_BACKUP_POINTER, writeBackup } from '../src/server/backups/write-backup';
import { loadConfig } from '../src/server/platform/config/config';

let config;
try {
  config = loadConfig();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
if (config.databaseUrl) {
  console.error(`DATABASE_URL is set: npm run backup copies SQLite only. ${PG_BACKUP_POINTER}.`);
  process.exit(1);
}
try {
  const result = await writeBackup({ dataDir: config.dataDir, keep: config.backup.keep });
  const mb = (result.bytes / 1024 / 1024).toFixed(1);
  console.log(
    `Backup written: ${result.file} (${mb} MB, ${(result.ms / 1000).toFixed(1)} s)\n` +
      `SHA-256 ${result.sha256} in ${path.basename(result.file)}.sha256`,
  );
  if (result.pruned.length > 0) {
    console.log(`Deleted (BACKUP_KEEP=${config.backup.keep}): ${result.pruned.join(', ')}`);
  }
} catch (error) {
  console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
