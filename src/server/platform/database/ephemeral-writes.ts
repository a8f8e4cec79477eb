import { sql, type Kysely } from 'kysely';
import { tablesOf, type DatabaseConnection } from './connection';

/**
 * Runs `write` on rows a crash may forget (a count for the current minute, state kept minutes
 * for the next request) without a disk flush of its own. On PostgreSQL such tables are
 * UNLOGGED (their migrations say so) and `write` runs as it is. On SQLite the main thread's
 * connection fsyncs every commit (synchronous=FULL), several milliseconds of a frozen event
 * loop; here it runs with synchronous=NORMAL, which in WAL mode skips the commit's fsync (the
 * next durable commit or checkpoint flushes these pages too) and keeps the file consistent.
 * The connection is held for the whole call, so no other query commits on it unflushed.
 */
export function writeEphemeral<Tables, T>(
  database: Pick<DatabaseConnection, 'db' | 'dialect'>,
  write: (db: Kysely<Tables>) => Promise<T>,
): Promise<T> {
  const db = tablesOf<Tables>(database.db);
  if (database.dialect !== 'sqlite') return write(db);
  return db.connection().execute(async (connection) => {
    const { rows } = await sql<{ synchronous: number }>`pragma synchronous`.execute(connection);
    await sql`pragma synchronous = normal`.execute(connection);
    try {
      return await write(connection);
    } finally {
      await sql
        .raw(`pragma synchronous = ${Number(rows[0]?.synchronous ?? 2)}`)
        .execute(connection);
    }
  });
}
