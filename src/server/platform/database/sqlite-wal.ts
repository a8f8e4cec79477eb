import { open, type FileHandle } from 'node:fs/promises';
import type SqliteDatabase from 'better-sqlite3';
import {
  Kysely,
  SqliteDialect,
  SqliteDriver,
  type CompiledQuery,
  type DatabaseConnection,
  type QueryResult,
} from 'kysely';
import { WAL_SYNC_FAILED } from './database-errors';
import { withStatementCache } from './statement-cache';

/** WAL pages (40 MB) before a checkpoint, not 1,000: leads dirty the same few index pages, so a
    rarer checkpoint copies each once for many writes. */
const CHECKPOINT_PAGES = 10_000;

/**
 * Kysely over a WAL-mode SQLite file whose writes are on disk before Kysely answers (decision
 * 175): after a write that left no transaction open, the WAL is fdatasync'ed on libuv's thread
 * pool, not inside COMMIT on the event loop (synchronous=FULL).
 */
export function walSyncedKysely<DB>(file: SqliteDatabase.Database): Kysely<DB> {
  let dirty = false;
  /** The WAL file's own handle: fdatasync on any handle flushes the file's data. */
  let wal: Promise<FileHandle> | undefined;
  const syncWal = async () => {
    dirty = false;
    wal ??= open(`${file.name}-wal`, 'r');
    try {
      await (await wal).datasync();
    } catch (error) {
      wal = undefined; // opened again next time
      // After a COMMIT: what was written must not be written again, so no job is retried alone.
      throw Object.assign(new Error('the WAL could not be synced'), {
        code: WAL_SYNC_FAILED,
        cause: error,
      });
    }
  };
  file.pragma(`wal_autocheckpoint = ${CHECKPOINT_PAGES}`);
  const statements = withStatementCache(file);
  const database = {
    prepare(sql: string) {
      const statement = statements.prepare(sql);
      if (!statement.readonly) dirty = true;
      return statement;
    },
    close: () => {
      statements.close();
      void wal?.then((handle) => handle.close());
    },
  };
  const synced = (connection: DatabaseConnection): DatabaseConnection => ({
    async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
      const result = await connection.executeQuery<R>(query);
      if (dirty && !file.inTransaction) await syncWal();
      return result;
    },
    streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
  });
  class Driver extends SqliteDriver {
    private connection?: DatabaseConnection;
    override async acquireConnection(): Promise<DatabaseConnection> {
      const connection = await super.acquireConnection();
      return (this.connection ??= synced(connection));
    }
  }
  class Dialect extends SqliteDialect {
    override createDriver() {
      return new Driver({ database });
    }
  }
  return new Kysely<DB>({ dialect: new Dialect({ database }) });
}
