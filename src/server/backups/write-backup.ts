import { existsSync } from 'node:fs';
import { mkdir, rename, rm, stat, statfs, writeFile } from 'node:fs/promises';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { SQLITE_FILE_NAME } from '../platform/database/connection';
import {
  backupNameAt,
  backupsDirOf,
  checksumFileOf,
  checksumLine,
  fsyncPath,
  PARTIAL_SUFFIX,
  pruneBackups,
  sha256Of,
} from './backup-files';

/** What the backup and restore commands and the server say on PostgreSQL. */
export const PG_BACKUP_POINTER =
  'PostgreSQL is backed up with its own tools: pg_dump --format=custom, restored with ' +
  'pg_restore (README, "Backups")';

/** A backup that failed for want of space: said as such, not as SQLite's "disk I/O error". */
export class BackupDiskFull extends Error {}

/** A full disk in plain words: SQLite may only say "disk I/O error", so free space is asked. */
async function diskFullOr(error: unknown, dir: string, needed: number): Promise<unknown> {
  const code = String((error as { code?: unknown }).code);
  const free = await statfs(dir).then(
    ({ bavail, bsize }) => bavail * bsize,
    () => Infinity,
  );
  const full = code === 'SQLITE_FULL' || code === 'ENOSPC';
  if (!full && !(code.startsWith('SQLITE_IOERR') && free < needed)) return error;
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return new BackupDiskFull(
    `the disk holding ${dir} is full: ${mb(free)} free, the backup needs about ${mb(needed)}`,
    { cause: error },
  );
}

/** better-sqlite3 copies at most this many pages per step: more than any file has. */
const ALL_PAGES = 0x7fffffff;

/** A consistent copy, flushed and checksummed before its rename; then the newest `keep` kept. */
export async function writeBackup({
  dataDir,
  keep,
  now = new Date(),
  from,
}: {
  dataDir: string;
  keep: number;
  now?: Date;
  from?: SqliteDatabase.Database | undefined;
}) {
  const started = performance.now();
  const source = path.join(dataDir, SQLITE_FILE_NAME);
  if (!existsSync(source)) {
    throw new Error(`There is no database at ${source} (is DATA_DIR right?)`);
  }
  const dir = backupsDirOf(dataDir);
  await mkdir(dir, { recursive: true });
  const name = backupNameAt(now);
  const file = path.join(dir, name);
  const partial = `${file}${PARTIAL_SUFFIX}`;
  try {
    const own = from
      ? undefined
      : new SqliteDatabase(source, { readonly: true, fileMustExist: true });
    try {
      own?.pragma('busy_timeout = 5000');
      // better-sqlite3 asks the progress callback for each next step's page count.
      const copied = own
        ? await own.backup(partial, { progress: () => ALL_PAGES })
        : await from!.backup(partial);
      // A first step that met a transaction in progress copies nothing and reports no pages.
      if (copied.totalPages === 0) throw new Error('the backup copied no page');
    } finally {
      own?.close();
    }
    const copy = new SqliteDatabase(partial, { fileMustExist: true });
    try {
      copy.pragma('journal_mode = DELETE');
    } finally {
      copy.close();
    }
    await fsyncPath(partial);
    const sha256 = await sha256Of(partial);
    const checksum = checksumFileOf(file);
    await writeFile(`${checksum}${PARTIAL_SUFFIX}`, checksumLine(sha256, name));
    await fsyncPath(`${checksum}${PARTIAL_SUFFIX}`);
    await rename(`${checksum}${PARTIAL_SUFFIX}`, checksum);
    await rename(partial, file);
    await fsyncPath(dir);
    const { size } = await stat(file);
    const pruned = await pruneBackups(dir, keep);
    return { file, bytes: size, sha256, ms: performance.now() - started, pruned };
  } catch (error) {
    await rm(partial, { force: true });
    await rm(`${partial}-journal`, { force: true });
    await rm(`${checksumFileOf(file)}${PARTIAL_SUFFIX}`, { force: true });
    throw await diskFullOr(error, dir, (await stat(source)).size);
  }
}
