import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, sql, SqliteDialect } from 'kysely';
import pg from 'pg';
import { migrateToLatest, type DialectName, type MigrationSet } from './migration-runner';
import { withStatementCache } from './statement-cache';

export const SQLITE_FILE_NAME = 'talent-bridge.sqlite';

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent, SQLite in dataDir. */
  databaseUrl?: string | undefined;
  dataDir: string;
  /** Told about connection errors that happen outside any query (PostgreSQL pool). */
  onBackgroundError?: (error: Error) => void;
}

/**
 * The database as every capability sees it. `DB` is the tables the holder may use: the
 * platform knows none (`object`); a capability names its own with `tablesOf<T>(db)`.
 */
export interface DatabaseConnection<DB = object> {
  db: Kysely<DB>;
  dialect: DialectName;
  /** A trivial query: resolves when the database answers, rejects otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A read-only connection to the SQLite file in dataDir (the reader thread's, reader-thread.ts),
 * with a larger page cache than the default 2 MB (an export walks an index and its rows).
 */
export function openSqliteReader(dataDir: string): SqliteDatabase.Database {
  const reader = new SqliteDatabase(path.join(dataDir, SQLITE_FILE_NAME), {
    readonly: true,
    fileMustExist: true,
  });
  reader.pragma('busy_timeout = 5000');
  reader.pragma('cache_size = -16384');
  return reader;
}

/**
 * SQLite tuned for "a 2xx means the lead is on disk": WAL so readers never block the
 * writer, synchronous=FULL so every commit is fsynced (durable across power loss, not just
 * a process crash), and a busy timeout so a second process (a backup, the CLI) waits
 * instead of failing the write.
 */
export function openSqlite<DB = object>(dataDir: string): Kysely<DB> {
  mkdirSync(dataDir, { recursive: true });
  const file = new SqliteDatabase(path.join(dataDir, SQLITE_FILE_NAME));
  file.pragma('journal_mode = WAL');
  file.pragma('synchronous = FULL');
  file.pragma('foreign_keys = ON');
  file.pragma('busy_timeout = 5000');
  return new Kysely<DB>({
    dialect: new SqliteDialect({ database: withStatementCache(file) }),
  });
}

function openPostgres<DB>(
  connectionString: string,
  onError: (error: Error) => void = () => undefined,
): Kysely<DB> {
  const pool = new pg.Pool({ connectionString, max: 10, connectionTimeoutMillis: 5000 });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', onError);
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
}

/** Opens the configured database and applies pending migrations before anything uses it. */
export async function openDatabase<DB = object>(
  options: DatabaseOptions & { migrations: readonly MigrationSet[] },
): Promise<DatabaseConnection<DB>> {
  const dialect: DialectName = options.databaseUrl ? 'postgres' : 'sqlite';
  const db = options.databaseUrl
    ? openPostgres<DB>(options.databaseUrl, options.onBackgroundError)
    : openSqlite<DB>(options.dataDir);
  try {
    await migrateToLatest(db, dialect, options.migrations);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return {
    db,
    dialect,
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    close: () => db.destroy(),
  };
}

/**
 * The same connection, typed with the tables `Tables` names. Table types exist at compile
 * time only, and a capability knows its own tables but not the whole database's; Kysely's
 * types are invariant in the database type, so narrowing takes this one cast.
 */
export function tablesOf<Tables>(db: Pick<Kysely<object>, 'getExecutor'>): Kysely<Tables> {
  return db as unknown as Kysely<Tables>;
}
