import { existsSync } from 'node:fs';
import SqliteDatabase from 'better-sqlite3';

/**
 * Whether another connection has the SQLite file open: a running server or a backup in
 * progress (docs/decisions/130).
 *
 * In WAL mode every open connection holds a shared lock on the database file for as long as
 * it is open; a connection in EXCLUSIVE locking mode needs the exclusive lock, so it fails at
 * once (no busy timeout) while anyone else is connected. The operating system drops the locks
 * of a process that dies, so unlike a pid file this cannot go stale after a crash. Getting the
 * lock also replays a WAL left by a crash into the file, so the file is whole on its own.
 */
export function databaseInUse(file: string): boolean {
  if (!existsSync(file)) return false;
  const probe = new SqliteDatabase(file, { fileMustExist: true, timeout: 0 });
  try {
    probe.pragma('locking_mode = EXCLUSIVE');
    probe.exec('BEGIN EXCLUSIVE; COMMIT');
    return false;
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) return true;
    // Not a database, or a damaged one: nothing can be serving it; it is replaced (kept aside).
    return false;
  } finally {
    probe.close();
  }
}
