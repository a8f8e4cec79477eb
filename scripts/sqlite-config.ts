// The configuration of a command that works on the SQLite file in DATA_DIR (backup, restore):
// a bad setting or DATABASE_URL ends the command with exit code 1 and says why.
import { existsSync } from 'node:fs';
import { PG_BACKUP_POINTER } from '../src/server/backups/write-backup';
import { loadConfig, type ServerConfig } from '../src/server/config/config';

export function sqliteConfigOrExit(command: string): ServerConfig {
  // The settings `npm start` reads (npm runs both from the package's folder): else a DATA_DIR
  // set in .env is missed and ./data is backed up, or restored into, instead.
  if (existsSync('.env')) process.loadEnvFile('.env');
  let config: ServerConfig;
  try {
    config = loadConfig();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
  if (config.databaseUrl) {
    console.error(`DATABASE_URL is set: ${command} SQLite only. ${PG_BACKUP_POINTER}.`);
    process.exit(1);
  }
  return config;
}
