import os from 'node:os';
import type SqliteDatabase from 'better-sqlite3';
import type { CompiledQuery, Kysely } from 'kysely';
import { openSqliteReader } from './connection';
import { withStatementCache } from './statement-cache';
import { DatabaseThread, serveThread } from './database-thread';

/*
 * SQLite reads that take long (an export, the overview's whole-table counts, a search) run on
 * a reader thread of their own (docs/decisions/080). better-sqlite3 is synchronous: on the
 * main thread a one-second count freezes every request for that second, lead POSTs and public
 * pages included. The main thread still BUILDS each query (Kysely, in the capability that owns
 * it) and compiles it to { sql, parameters }; the thread only executes it on its own read-only
 * connection (WAL: it never blocks the writer) and posts the rows back.
 */

const ROLE = 'talent-bridge-reader';

/**
 * The thread's nice value (Linux): when the CPUs are busy, lead writes and pages go first and
 * an export waits; alone, it runs at full speed. On Linux the nice value is per thread
 * (setpriority on "process" 0 changes the calling thread only); elsewhere it would lower the
 * whole server, so it is left alone there.
 */
const READER_NICE = 10;

/** Only what crosses to the thread: the SQL text and its parameters. */
type Statement = { sql: string; parameters: readonly unknown[] };

/** The read API every capability sees; on PostgreSQL the pool runs the same queries. */
export interface DatabaseReader {
  /** The rows of a compiled query, as objects (what Kysely's execute() resolves to). */
  read<Row>(query: CompiledQuery<Row>): Promise<Row[]>;
  /**
   * SQLite only: the rows of one long statement as arrays, in batches of up to `batchRows`,
   * read on a connection (and so a snapshot) of their own. The next batch is read while the
   * caller works on this one, never further ahead: memory stays at two batches however slow
   * the consumer (an export to a slow client). Leaving the loop early ends the statement.
   */
  stream?: (query: CompiledQuery, batchRows: number) => AsyncIterable<unknown[][]>;
  close(): Promise<void>;
}

const statement = ({ sql, parameters }: CompiledQuery): Statement => ({ sql, parameters });

type ReadOperations = {
  all(query: Statement): Promise<unknown[]>;
  open(query: Statement): Promise<number>;
  next(argument: { stream: number; rows: number }): Promise<{ rows: unknown[][]; done: boolean }>;
  end(stream: number): Promise<null>;
};

/** The main thread's side of the SQLite reader. */
export class ReaderThread extends DatabaseThread<ReadOperations> implements DatabaseReader {
  constructor(dataDir: string, onUnexpectedExit?: (error: Error) => void) {
    super({ role: ROLE, entry: import.meta.url, dataDir, name: 'SQLite reader', onUnexpectedExit });
  }

  async read<Row>(query: CompiledQuery<Row>): Promise<Row[]> {
    return (await this.call('all', statement(query))) as Row[];
  }

  async *stream(query: CompiledQuery, batchRows: number): AsyncIterable<unknown[][]> {
    const stream = await this.call('open', statement(query));
    let done = false;
    try {
      let ahead = this.call('next', { stream, rows: batchRows });
      for (;;) {
        const batch = await ahead;
        done = batch.done;
        if (!done) ahead = this.call('next', { stream, rows: batchRows });
        if (batch.rows.length > 0) yield batch.rows;
        if (done) return;
      }
    } finally {
      // The consumer stopped early (the client went away) or a read failed: end the statement.
      if (!done) await this.call('end', stream).catch(() => undefined);
    }
  }
}

/** PostgreSQL: its pool is already asynchronous; reads go through it as they are. */
export const poolReader = (db: Pick<Kysely<object>, 'executeQuery'>): DatabaseReader => ({
  read: async <Row>(query: CompiledQuery<Row>) => (await db.executeQuery(query)).rows,
  close: async () => undefined,
});

// On the reader thread (this module started again): one shared read-only connection for
// short reads, and one per stream, which must keep its own snapshot for its whole length.
serveThread(ROLE, (dataDir) => {
  if (process.platform === 'linux') os.setPriority(READER_NICE);
  const shared = openSqliteReader(dataDir);
  const cached = withStatementCache(shared);
  const streams = new Map<number, { file: SqliteDatabase.Database; rows: Iterator<unknown[]> }>();
  let nextStream = 1;
  const end = (id: number) => {
    const stream = streams.get(id);
    streams.delete(id);
    stream?.rows.return?.();
    stream?.file.close();
  };
  const operations: ReadOperations = {
    all: async ({ sql, parameters }) =>
      (cached.prepare(sql) as unknown as SqliteDatabase.Statement).all(...parameters),
    open: async ({ sql, parameters }) => {
      const file = openSqliteReader(dataDir);
      try {
        const rows = file
          .prepare(sql)
          .raw(true)
          .iterate(...parameters) as IterableIterator<unknown[]>;
        const id = nextStream++;
        streams.set(id, { file, rows });
        return id;
      } catch (error) {
        file.close();
        throw error;
      }
    },
    next: async ({ stream, rows: count }) => {
      const open = streams.get(stream);
      if (!open) throw new Error('the stream has ended');
      const rows: unknown[][] = [];
      try {
        while (rows.length < count) {
          const step = open.rows.next();
          if (step.done) {
            end(stream);
            return { rows, done: true };
          }
          rows.push(step.value);
        }
      } catch (error) {
        end(stream);
        throw error;
      }
      return { rows, done: false };
    },
    end: async (stream) => {
      end(stream);
      return null;
    },
  };
  return {
    operations,
    close: () => {
      for (const id of [...streams.keys()]) end(id);
      shared.close();
    },
  };
});
