// `npm run restore -- FILE`: puts a backup back as DATA_DIR's database, once the server on that
// DATA_DIR is stopped (docs/decisions/130). The file is checked first (its .sha256, SQLite's
// integrity check, our schema); the database it replaces is kept in DATA_DIR/backups.
import path from 'node:path';
import { restoreBackup, RestoreRefused } from '../src/server/backups/restore-backup';
import { migrations } from '../src/server/database';
import { collectMigrations } from '../src/server/platform/database/migration-runner';
import { sqliteConfigOrExit } from './sqlite-config';

const [argument] = process.argv.slice(2);
if (!argument) {
  console.error('Usage: npm run restore -- FILE   (a backup in DATA_DIR/backups, say)');
  process.exit(2);
}
// npm runs scripts from the package's folder; a relative FILE is the caller's.
const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), argument);
// Its files are this user's alone, as the server's are (docs/decisions/020).
process.umask(0o077);
const config = sqliteConfigOrExit('npm run restore restores');
try {
  const { replacedKeptAt } = await restoreBackup({
    file,
    dataDir: config.dataDir,
    knownMigrations: Object.keys(collectMigrations(migrations, 'sqlite')),
  });
  console.log(`Restored ${file} into ${config.dataDir}.`);
  if (replacedKeptAt) console.log(`The database it replaced is kept at ${replacedKeptAt}.`);
  console.log('Start the server (npm start): it runs any newer migrations first.');
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  console.error(error instanceof RestoreRefused ? `Not restored: ${message}` : message);
  process.exit(1);
}
