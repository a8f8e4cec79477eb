// `npm run backup`: a consistent copy of the SQLite database in DATA_DIR/backups, with its
// SHA-256 beside it, while the server runs or not (docs/decisions/130). Reads the server's
// configuration (DATA_DIR, BACKUP_KEEP); on PostgreSQL it refuses and names pg_dump.
import path from 'node:path';
import { writeBackup } from '../src/server/backups/write-backup';
import { sqliteConfigOrExit } from './sqlite-config';

// Its files are this user's alone, as the server's are (docs/decisions/020).
process.umask(0o077);
const config = sqliteConfigOrExit('npm run backup copies');
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
