// The configuration of a command (backup and restore: on the SQLite file in DATA_DIR only): a
// bad setting, or their DATABASE_URL, ends the command with exit code 1 and says why.
import { existsSync } from 'node:fs';
import { PG_BACKUP_POINTER } from '../src/server/backups/write-backup';
import { loadConfig, type ServerConfig } from '../src/server/config/config';

/** The settings `npm start` reads; a bad one ends the command. */
export function configOrExit(): ServerConfig {
  // npm runs both from the package's folder: else a DATA_DIR set in .env is missed and ./data
  // is backed up, or restored into, instead.
  if (existsSync('.env')) process.loadEnvFile('.env');
  try {
    return loadConfig();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

export function sqliteConfigOrExit(command: string): ServerConfig {
  const config = configOrExit();
  if (config.databaseUrl) {
    console.error(`DATABASE_URL is set: ${command} SQLite only. ${PG_BACKUP_POINTER}.`);
    process.exit(1);
  }
  return config;
}
