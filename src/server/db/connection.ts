import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  Kysely,
  PostgresDialect,
  sql,
  SqliteDialect,
  type SqliteDatabase as KyselySqliteDatabase,
} from 'kysely';
import pg from 'pg';
import { migrateToLatest, type DialectName } from './migrations';
import type { Database } from './schema';

export const SQLITE_FILE_NAME = 'talent-bridge.sqlite';

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent, SQLite in dataDir. */
  databaseUrl?: string | undefined;
  dataDir: string;
  /** Told about connection errors that happen outside any query (PostgreSQL pool). */
  onBackgroundError?: (error: Error) => void;
}

export interface DatabaseConnection {
  db: Kysely<Database>;
  dialect: DialectName;
  /** A trivial query: resolves when the database answers, rejects otherwise. */
  ping(): Promise<void>;
  /**
   * SQLite only: a new read-only connection to the same file, for a long read (an export)
   * that must not hold the shared connection's snapshot. The caller closes it.
   */
  openReader?: () => SqliteDatabase.Database;
  close(): Promise<void>;
}

/**
 * SQLite tuned for "a 2xx means the lead is on disk": WAL so readers never block the
 * writer, synchronous=FULL so every commit is fsynced (durable across power loss, not just
 * a process crash), and a busy timeout so a second process (a backup, the CLI) waits
 * instead of failing the write.
 */
/**
 * A read-only connection to the SQLite file in dataDir, with a larger page cache than the
 * default 2 MB (an export walks an index and its rows; 16 MB is held only while it runs).
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

export function openSqlite(dataDir: string): Kysely<Database> {
  mkdirSync(dataDir, { recursive: true });
  const file = new SqliteDatabase(path.join(dataDir, SQLITE_FILE_NAME));
  file.pragma('journal_mode = WAL');
  file.pragma('synchronous = FULL');
  file.pragma('foreign_keys = ON');
  file.pragma('busy_timeout = 5000');
  return new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(file) }),
  });
}

/**
 * Kysely prepares every query anew; lead writes repeat a handful of SQL texts, and
 * preparing was the largest single cost of a write. Statements are kept per SQL text (most
 * recently used first, bounded); one still busy (an unfinished iterate()) is never shared.
 */
export function withStatementCache(file: SqliteDatabase.Database, max = 200): KyselySqliteDatabase {
  const statements = new Map<string, SqliteDatabase.Statement>();
  const prepare = (sql: string): SqliteDatabase.Statement => {
    const cached = statements.get(sql);
    if (cached && !cached.busy) {
      statements.delete(sql);
      statements.set(sql, cached);
      return cached;
    }
    const statement = file.prepare(sql);
    statements.set(sql, statement);
    if (statements.size > max) statements.delete(statements.keys().next().value as string);
    return statement;
  };
  return { prepare, close: () => file.close() };
}

function openPostgres(
  connectionString: string,
  onError: (error: Error) => void = () => undefined,
): Kysely<Database> {
  const pool = new pg.Pool({ connectionString, max: 10, connectionTimeoutMillis: 5000 });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', onError);
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

/** Opens the configured database and applies pending migrations before anything uses it. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseConnection> {
  const dialect: DialectName = options.databaseUrl ? 'postgres' : 'sqlite';
  const db = options.databaseUrl
    ? openPostgres(options.databaseUrl, options.onBackgroundError)
    : openSqlite(options.dataDir);
  try {
    await migrateToLatest(db, dialect);
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
    ...(dialect === 'sqlite' ? { openReader: () => openSqliteReader(options.dataDir) } : {}),
  };
}
