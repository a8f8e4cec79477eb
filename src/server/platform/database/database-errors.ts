/* "The database cannot take this write now", not "this write is wrong": 503 (105, 175). */

/** PostgreSQL SQLSTATEs: canceled by statement_timeout, lock timeout, disk full, too many connections, shutting down, crashed, starting up. */
const POSTGRES_UNAVAILABLE = /^(57014|55P03|53100|53300|57P0[123])$/;
/** pg's errors of a connection that ended under a query (a restart, a failover, a cut network). */
const CONNECTION_LOST =
  /^(Connection terminated unexpectedly|Client has encountered a connection error)/;
/** Busy, full, read-only, or an I/O error (a file system remounted read-only, a failing disk). */
const SQLITE_UNAVAILABLE = /^SQLITE_(BUSY|FULL|READONLY|CANTOPEN|IOERR)/;
/** PostgreSQL cannot be reached (nothing was sent), or its socket reset or closed under a query. */
const CONNECTION_FAILED = /^(ECONNREFUSED|ENOTFOUND|EHOSTUNREACH|ENETUNREACH|ECONNRESET|EPIPE)$/;
/** The SQLite WAL could not be synced after a commit (sqlite-wal.ts): the disk is full or failing. */
export const WAL_SYNC_FAILED = 'WAL_SYNC_FAILED';

export function isUnavailableError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    // The bounded write queue is full (nothing was queued), or the WAL was not synced.
    if (code === 'WRITE_QUEUE_FULL' || code === WAL_SYNC_FAILED) return true;
    if ([CONNECTION_FAILED, POSTGRES_UNAVAILABLE, SQLITE_UNAVAILABLE].some((re) => re.test(code)))
      return true;
  }
  // pg.Pool's connectionTimeoutMillis: no free connection (or no server) in time.
  return (
    typeof message === 'string' &&
    (message.startsWith('timeout exceeded when trying to connect') || CONNECTION_LOST.test(message))
  );
}
