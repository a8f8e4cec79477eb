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
  /**
   * PostgreSQL: longest a statement may run (statement_timeout) before the server cancels it
   * (SQLSTATE 57014); 0: no limit. Migrations run without it. SQLite: unused (its writes
   * wait at most busy_timeout for a lock).
   */
  statementTimeoutMs?: number | undefined;
  /** Told about connection errors that happen outside any query (PostgreSQL pool). */
  onBackgroundError?: (error: Error) => void;
}

/**
 * The database as every capability sees it. `DB` is the tables the holder may use: the
 * platform knows none (`object`); a capability names its own with `tablesOf<T>(db)`.
 */
export interface DatabaseConnection<DB = object> {
  db: Kysely<DB>;
  /**
   * Rows a crash may forget and that live minutes (counts of the current minute, state kept
   * for the next request), with the tables `ephemeralMigrations` make: on PostgreSQL `db`
   * itself (such tables are UNLOGGED); on SQLite a file of their own (openSqliteEphemeral),
   * so that writing them on the main thread neither fsyncs nor contends for the main file's
   * write lock.
   */
  ephemeral: Kysely<DB>;
  dialect: DialectName;
  /** SQLite: the one connection every write goes through (the scheduled backup copies through it). */
  sqlite?: SqliteDatabase.Database;
  /** A trivial query: resolves when the database answers, rejects otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * SQLite tuned for "a 2xx means the lead is on disk": WAL so readers never block the
 * writer, synchronous=FULL so every commit is fsynced (durable across power loss, not just
 * a process crash). No busy timeout: better-sqlite3 would wait for another process's write
 * lock with the event loop stopped; the group commit waits for it between turns instead
 * (write-queue.ts).
 */
function openSqlite(dataDir: string): SqliteDatabase.Database {
  mkdirSync(dataDir, { recursive: true });
  const file = new SqliteDatabase(path.join(dataDir, SQLITE_FILE_NAME));
  file.pragma('journal_mode = WAL');
  file.pragma('synchronous = FULL');
  file.pragma('foreign_keys = ON');
  file.pragma('busy_timeout = 0');
  return file;
}

const kyselyOver = <DB>(file: SqliteDatabase.Database) =>
  new Kysely<DB>({ dialect: new SqliteDialect({ database: withStatementCache(file) }) });

export const SQLITE_EPHEMERAL_FILE_NAME = 'talent-bridge-ephemeral.sqlite';

/**
 * The file beside SQLite's for rows a crash may forget (`ephemeral`): no writer thread ever
 * waits for its lock, nor it for theirs, and its commits skip the fsync (synchronous=NORMAL:
 * in WAL mode a crash may forget the last of them, the file stays consistent). Backups leave
 * it out; its migrations run on every start, so a new or lost file is made again.
 */
async function openSqliteEphemeral<DB>(
  dataDir: string,
  migrations: readonly MigrationSet[],
): Promise<Kysely<DB>> {
  const file = new SqliteDatabase(path.join(dataDir, SQLITE_EPHEMERAL_FILE_NAME));
  file.pragma('journal_mode = WAL');
  file.pragma('synchronous = NORMAL');
  const db = kyselyOver<DB>(file);
  try {
    await migrateToLatest(db, 'sqlite', migrations);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return db;
}

/**
 * PostgreSQL timeouts (docs/decisions/105): the server cancels a statement after
 * `statementTimeoutMs` and ends a session left idle inside a transaction; the client gives up
 * on an answer a few seconds later still (a server that cannot even cancel, a dead network),
 * and on a connection after 5 s.
 */
function openPostgres<DB>(
  connectionString: string,
  statementTimeoutMs: number,
  onError: (error: Error) => void = () => undefined,
): Kysely<DB> {
  const timeouts =
    statementTimeoutMs > 0
      ? {
          statement_timeout: statementTimeoutMs,
          query_timeout: statementTimeoutMs + 5000,
          idle_in_transaction_session_timeout: Math.max(statementTimeoutMs * 2, 60_000),
        }
      : {};
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    connectionTimeoutMillis: 5000,
    ...timeouts,
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', onError);
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
}

/** Opens the configured database and applies pending migrations before anything uses it. */
export async function openDatabase<DB = object>(
  options: DatabaseOptions & {
    migrations: readonly MigrationSet[];
    /** The tables of `ephemeral` (see DatabaseConnection). */
    ephemeralMigrations?: readonly MigrationSet[];
  },
): Promise<DatabaseConnection<DB>> {
  const dialect: DialectName = options.databaseUrl ? 'postgres' : 'sqlite';
  const { databaseUrl, onBackgroundError } = options;
  const sqlite = databaseUrl ? undefined : openSqlite(options.dataDir);
  const open = (statementTimeoutMs: number) =>
    sqlite
      ? kyselyOver<DB>(sqlite)
      : openPostgres<DB>(databaseUrl!, statementTimeoutMs, onBackgroundError);
  // On PostgreSQL, migrations (an index built on a million rows) run on a pool of their own,
  // without the statement timeout.
  const statementTimeoutMs = options.statementTimeoutMs ?? 0;
  const migrator = dialect === 'postgres' && statementTimeoutMs > 0 ? open(0) : undefined;
  const db = open(statementTimeoutMs);
  const ephemeralMigrations = options.ephemeralMigrations ?? [];
  let ephemeral = db;
  try {
    await migrateToLatest(migrator ?? db, dialect, [
      ...options.migrations,
      ...(dialect === 'postgres' ? ephemeralMigrations : []),
    ]);
    // The serving pool's first connection (with its timeouts) is made now, so a refused
    // setting fails the start rather than the first request.
    await sql`select 1`.execute(db);
    if (dialect === 'sqlite') {
      ephemeral = await openSqliteEphemeral<DB>(options.dataDir, ephemeralMigrations);
    }
  } catch (error) {
    await db.destroy();
    throw error;
  } finally {
    await migrator?.destroy();
  }
  return {
    db,
    ephemeral,
    dialect,
    ...(sqlite ? { sqlite } : {}),
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    close: async () => {
      if (ephemeral !== db) await ephemeral.destroy();
      await db.destroy();
    },
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
