import { existsSync } from 'node:fs';
import SqliteDatabase from 'better-sqlite3';

/**
 * Whether another connection has the SQLite file open: each holds a shared lock in WAL mode, so
 * an EXCLUSIVE one fails at once. Unlike a pid file it never goes stale (decision 130).
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
