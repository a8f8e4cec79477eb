import { existsSync } from 'node:fs';
import { copyFile, link, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { makeDataDir, SQLITE_FILE_NAME } from '../platform/database/connection';
import {
  backupsDirOf,
  checksumFileOf,
  digestIn,
  fsyncPath,
  restorePartialOf,
  sha256Of,
} from './backup-files';

/** A restore that was not done, and why (the CLI prints the message, exit code 1). */
export class RestoreRefused extends Error {}

/** Refused while open elsewhere: each WAL connection holds a shared lock (decision 130). */
function refuseIfInUse(file: string) {
  if (!existsSync(file)) return;
  const probe = new SqliteDatabase(file, { fileMustExist: true, timeout: 0 });
  try {
    probe.pragma('locking_mode = EXCLUSIVE');
    probe.exec('BEGIN EXCLUSIVE; COMMIT');
  } catch (error) {
    // Not a database, or a damaged one: nothing can be serving it; it is replaced (kept aside).
    if (!/^SQLITE_(BUSY|LOCKED)/.test((error as { code?: string }).code ?? '')) return;
    throw new RestoreRefused(
      `${file} is in use: stop the server on this DATA_DIR (and any backup running) first`,
    );
  } finally {
    probe.close();
  }
}

const MIGRATIONS_TABLE = 'kysely_migration';

/** Checks a backup's checksum, integrity and migrations (only ones this code knows); its SHA-256. */
async function checkBackup(file: string, knownMigrations: readonly string[]) {
  const info = await stat(file).catch(() => undefined);
  if (!info?.isFile()) throw new RestoreRefused(`${file} is not a file`);
  const checksumFile = checksumFileOf(file);
  const line = await readFile(checksumFile, 'utf8').catch(() => undefined);
  if (line === undefined) {
    throw new RestoreRefused(
      `${checksumFile} is missing: a backup is restored with the checksum written beside it`,
    );
  }
  const expected = digestIn(line);
  if (!expected) throw new RestoreRefused(`${checksumFile} holds no SHA-256 checksum`);
  if ((await sha256Of(file)) !== expected) {
    throw new RestoreRefused(`${file} does not match its checksum: the file is damaged`);
  }
  let backup: SqliteDatabase.Database | undefined;
  try {
    backup = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
    checkContents(backup, knownMigrations);
  } catch (error) {
    if (error instanceof RestoreRefused) throw error;
    throw new RestoreRefused(`${file} is not a readable database: ${(error as Error).message}`);
  } finally {
    backup?.close();
  }
  return expected;
}

function checkContents(backup: SqliteDatabase.Database, knownMigrations: readonly string[]) {
  const problems = backup.prepare('pragma integrity_check').pluck().all() as string[];
  if (problems.join() !== 'ok') {
    throw new RestoreRefused(`SQLite finds the backup damaged: ${problems.slice(0, 5).join('; ')}`);
  }
  const migrationsTable = backup
    .prepare(`select 1 from sqlite_master where type = 'table' and name = ?`)
    .get(MIGRATIONS_TABLE);
  if (!migrationsTable) {
    throw new RestoreRefused(`not a Talent Bridge database: no ${MIGRATIONS_TABLE} table`);
  }
  const ran = backup.prepare(`select name from ${MIGRATIONS_TABLE}`).pluck().all() as string[];
  // Every version of our schema ran our first migration.
  const [first] = [...knownMigrations].sort();
  if (first && !ran.includes(first)) {
    throw new RestoreRefused(`not a Talent Bridge database: it never ran ${first}`);
  }
  const known = new Set(knownMigrations);
  const newer = ran.filter((name) => !known.has(name));
  if (newer.length > 0) {
    throw new RestoreRefused(
      `the backup was made by a newer version (migrations ${newer.join(', ')}): update first`,
    );
  }
}

/** When process `pid` started (/proc/<pid>/stat's field 22): with the pid, names one process. */
async function startOf(pid: number): Promise<string | undefined> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  // Field 2, the name in parentheses, may hold spaces and parentheses.
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
}

/** Whether the lock's writer runs (EPERM: as another user's), by its start where /proc tells. */
async function holderRuns(pid: number, start: string | undefined): Promise<boolean> {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const now = await startOf(pid);
  return !start || !now || now === start;
}

/** An empty lock this old lost its writer before it wrote its pid: stale, else it blocks starts. */
export const EMPTY_LOCK_STALE_MS = 10_000;

/** Whether the lock `text` was read from is abandoned: its process gone, or none named long ago. */
async function abandoned(lock: string, text: string): Promise<boolean> {
  const [pid, start] = text.trim().split(' ');
  if (Number(pid)) return !(await holderRuns(Number(pid), start));
  const made = (await stat(lock).catch(() => undefined))?.mtimeMs ?? 0;
  return Date.now() - made > EMPTY_LOCK_STALE_MS;
}

/**
 * One restore at a time on a DATA_DIR (decision 130): each deletes and writes the same partial
 * copy. The lock file holds its process's pid and start; one whose process is gone (killed, its
 * pid since reused), or an old empty one, is taken over. Resolves with the lock's release.
 */
async function lockRestores(dataDir: string, holder = 'another restore') {
  const lock = path.join(dataDir, `${SQLITE_FILE_NAME}.restore.lock`);
  makeDataDir(dataDir);
  const mine = `${process.pid} ${(await startOf(process.pid)) ?? ''}\n`;
  for (;;) {
    try {
      await writeFile(lock, mine, { flag: 'wx' });
      return () => rm(lock, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const text = await readFile(lock, 'utf8').catch(() => undefined);
    if (text === undefined) continue; // released meanwhile
    if (!(await abandoned(lock, text))) {
      const pid = Number.parseInt(text) || undefined;
      throw new RestoreRefused(
        `${holder}${pid ? ` (process ${pid})` : ''} is running on ${dataDir}: wait for it ` +
          `to finish (if none is, delete ${lock})`,
      );
    }
    // Moved aside, then deleted: of two restores that found it stale, the slower one moves the
    // lock the faster one has made since (maybe still empty, so young), and puts it back.
    const aside = `${lock}.stale-${process.pid}`;
    const moved = await rename(lock, aside).then(
      () => readFile(aside, 'utf8'),
      () => undefined,
    );
    if (moved !== undefined && (moved !== text || !(await abandoned(aside, moved))))
      await link(aside, lock).catch(() => {});
    await rm(aside, { force: true });
  }
}

/** A start on SQLite opens the database under this lock (decision 130); its release, if taken. */
export async function lockForStart(dataDir: string) {
  const unlock = await lockRestores(dataDir, 'a restore').catch((error: unknown) => {
    if (error instanceof RestoreRefused) throw new Error(`Not started: ${error.message}`);
    return undefined; // a DATA_DIR it cannot write: the database's open names it
  });
  if (unlock) await rm(restorePartialOf(dataDir), { force: true });
  return unlock;
}

/** Restores `file` (decision 130), refused while open; the current one is kept aside. */
export async function restoreBackup({
  file,
  dataDir,
  knownMigrations,
  now = new Date(),
}: {
  file: string;
  dataDir: string;
  knownMigrations: readonly string[];
  now?: Date;
}): Promise<{ replacedKeptAt: string | undefined }> {
  const live = path.join(dataDir, SQLITE_FILE_NAME);
  refuseIfInUse(live);
  const unlock = await lockRestores(dataDir);
  const incoming = restorePartialOf(dataDir);
  try {
    await rm(incoming, { force: true });
    const expected = await checkBackup(file, knownMigrations);
    await copyFile(file, incoming);
    await fsyncPath(incoming);
    if ((await sha256Of(incoming)) !== expected) {
      throw new RestoreRefused(`the copy of ${file} in ${dataDir} does not match its checksum`);
    }
    // Again, just before the swap: a process that opened it meanwhile must not lose its file.
    refuseIfInUse(live);
    const backups = backupsDirOf(dataDir);
    const aside = `replaced-${now.toISOString().replaceAll(':', '-')}.sqlite`;
    const replacedKeptAt = existsSync(live) ? path.join(backups, aside) : undefined;
    if (replacedKeptAt) {
      await mkdir(backups, { recursive: true });
      // Kept aside by a second name (a copy where hard links fail): the live path always holds
      // the old database or the new one, so a restore killed here leaves the old one serving.
      await link(live, replacedKeptAt).catch(() => copyFile(live, replacedKeptAt));
      // The lock probe folded any WAL into the file; a stray one belongs to the old database
      // and must never be applied to the new one.
      for (const suffix of ['-wal', '-journal']) {
        if (existsSync(live + suffix)) await rename(live + suffix, replacedKeptAt + suffix);
      }
    }
    await rm(`${live}-shm`, { force: true });
    await rename(incoming, live);
    await fsyncPath(dataDir);
    return { replacedKeptAt };
  } finally {
    await rm(incoming, { force: true });
    await unlock();
  }
}
