import { accessSync, constants, existsSync, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, sql, SqliteDialect } from 'kysely';
import pg from 'pg';
import { migrateToLatest, type DialectName, type MigrationSet } from './migration-runner';
import { withStatementCache } from './statement-cache';
import { walSyncedKysely } from './sqlite-wal';

export const SQLITE_FILE_NAME = 'talent-bridge.sqlite';

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent, SQLite in dataDir. */
  databaseUrl?: string | undefined;
  dataDir: string;
  /** PostgreSQL's statement_timeout (0: none; migrations run without). Unused on SQLite. */
  statementTimeoutMs?: number | undefined;
  /** Told about connection errors that happen outside any query (PostgreSQL pool). */
  onBackgroundError?: (error: Error) => void;
  migrations: readonly MigrationSet[];
  /** The tables of `ephemeral` (see DatabaseConnection). */
  ephemeralMigrations?: readonly MigrationSet[] | undefined;
}

/** The database; `DB` is the tables the holder may use (a capability's: `tablesOf<T>(db)`). */
export interface DatabaseConnection<DB = object> {
  db: Kysely<DB>;
  /** Rows a crash may forget: UNLOGGED in `db` on PostgreSQL, a file of their own on SQLite. */
  ephemeral: Kysely<DB>;
  dialect: DialectName;
  /** SQLite: the one connection every write goes through (the scheduled backup copies through it). */
  sqlite?: SqliteDatabase.Database;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * mkdir -p, each folder 0700. Not Node's recursive mkdir: where the system refuses a folder with
 * ENOENT though its parent exists (/proc, /sys), that retries for ever and the start hangs.
 */
export function makeDataDir(dir: string): void {
  const parent = path.dirname(dir);
  if (parent !== dir && !existsSync(parent)) makeDataDir(parent);
  try {
    mkdirSync(dir, { mode: 0o700 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || !statSync(dir).isDirectory()) {
      throw error;
    }
  }
}

// No busy timeout: better-sqlite3 would wait with the event loop stopped (the group commit waits).
function openSqlite(dataDir: string): SqliteDatabase.Database {
  try {
    makeDataDir(dataDir);
    // A read-only folder: say so now, not SQLite's "unable to open database file".
    accessSync(dataDir, constants.W_OK);
    const file = openWalFile(path.join(dataDir, SQLITE_FILE_NAME));
    file.pragma('foreign_keys = ON');
    file.pragma('busy_timeout = 0');
    return file;
  } catch (error) {
    const reason = (error as Error).message;
    throw new Error(`DATA_DIR ${dataDir}: the database cannot be kept there: ${reason}`, {
      cause: error,
    });
  }
}

/** A SQLite file in WAL mode whose commits SQLite itself does not sync (sqlite-wal.ts). */
function openWalFile(file: string): SqliteDatabase.Database {
  const database = new SqliteDatabase(file);
  database.pragma('journal_mode = WAL');
  // Deleted rows (an erased person, a revoked session) are overwritten, not left in free pages.
  database.pragma('secure_delete = ON');
  database.pragma('synchronous = NORMAL');
  // A temporary file for the statement journal cost two thirds of a lead insert's time.
  database.pragma('temp_store = MEMORY');
  return database;
}

/** The client gives up a few seconds after the server's statement_timeout (a dead network). */
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
  // A lost connection must not crash the process: an idle client's error is the pool's; a
  // checked-out one's fails its query and the pool drops it.
  pool.on('error', onError);
  pool.on('connect', (client) => client.on('error', () => undefined));
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
}

/** Opens the configured database and applies pending migrations before anything uses it. */
export async function openDatabase<DB = object>(
  options: DatabaseOptions,
): Promise<DatabaseConnection<DB>> {
  const dialect: DialectName = options.databaseUrl ? 'postgres' : 'sqlite';
  const { databaseUrl, onBackgroundError } = options;
  const sqlite = databaseUrl ? undefined : openSqlite(options.dataDir);
  const open = (statementTimeoutMs: number) =>
    sqlite
      ? walSyncedKysely<DB>(sqlite)
      : openPostgres<DB>(databaseUrl!, statementTimeoutMs, onBackgroundError);
  // On PostgreSQL, migrations (an index built on a million rows) run on a pool of their own,
  // without the statement timeout.
  const statementTimeoutMs = options.statementTimeoutMs ?? 0;
  const migrator = dialect === 'postgres' && statementTimeoutMs > 0 ? open(0) : undefined;
  const db = open(statementTimeoutMs);
  const ephemeralMigrations = options.ephemeralMigrations ?? [];
  let ephemeral = db;
  const close = async () => {
    if (ephemeral !== db) await ephemeral.destroy();
    await db.destroy();
  };
  try {
    await migrateToLatest(migrator ?? db, dialect, [
      ...options.migrations,
      ...(dialect === 'postgres' ? ephemeralMigrations : []),
    ]);
    // The serving pool's first connection (with its timeouts) is made now, so a refused
    // setting fails the start rather than the first request.
    await sql`select 1`.execute(db);
    if (sqlite) {
      // The SQLite file of `ephemeral` rows; backups leave it out.
      const file = openWalFile(path.join(options.dataDir, 'talent-bridge-ephemeral.sqlite'));
      const database = withStatementCache(file);
      ephemeral = new Kysely<DB>({ dialect: new SqliteDialect({ database }) });
      await migrateToLatest(ephemeral, 'sqlite', ephemeralMigrations);
    }
  } catch (error) {
    await close();
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
    close,
  };
}

/** A transaction handed to another capability (any `Tables`): what it writes commits with it. */
export type SharedTransaction = Pick<Kysely<object>, 'getExecutor'>;

/** A companion write in the same transaction as `result` (a record of it): both commit, or neither. */
export type AlsoWrite<Result = void> = (trx: SharedTransaction, result: Result) => Promise<unknown>;

/** The same connection typed with a capability's own `Tables` (Kysely's type is invariant). */
export function tablesOf<Tables>(db: Pick<Kysely<object>, 'getExecutor'>): Kysely<Tables> {
  return db as unknown as Kysely<Tables>;
}
