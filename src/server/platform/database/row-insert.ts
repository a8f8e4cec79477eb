import type SqliteDatabase from 'better-sqlite3';
import { CompiledQuery, SqliteAdapter, type Kysely } from 'kysely';

/** How an INSERT of one row ends. */
export interface RowInsertOptions {
  /** Column whose unique conflict makes the INSERT do nothing (no row, no error). */
  onConflictDoNothing?: string;
  /** Answer the new row's `id` (undefined when a conflict inserted nothing). */
  returnId?: boolean;
}

type Row = Record<string, string | number | null>;

/** Compiled SQL texts per dialect (its adapter, shared by every transaction of a database). */
const compiledTexts = new WeakMap<object, Map<string, string>>();

type PrepareStatement = (sql: string) => SqliteDatabase.Statement;
/** Each SQLite database's prepared statements (connection.ts), by its Kysely adapter. */
const sqliteStatements = new WeakMap<object, PrepareStatement>();

/**
 * Lets insertRow run its compiled INSERTs on `db`'s own better-sqlite3 connection inside a
 * transaction, without Kysely's executor: its promise chain per statement cost the writer
 * thread a few microseconds per lead (docs/decisions/118).
 */
export function runInsertsDirectly(db: Kysely<unknown>, prepare: PrepareStatement): void {
  sqliteStatements.set(db.getExecutor().adapter, prepare);
}

/**
 * INSERTs one row of plain values, for the lead writes' hot path (docs/decisions/117):
 * - Kysely builds and compiles a query tree on every call. The SQL text only depends on the
 *   table, the column names and the options, so Kysely compiles it once per such shape and
 *   dialect; later rows only bind their values, in column order (checked against Kysely's
 *   own parameters when the text is compiled).
 * - On SQLite the id comes from the statement's last insert rowid instead of RETURNING: SQLite
 *   runs RETURNING like a trigger, and a statement with a trigger keeps a statement journal,
 *   a copy of every page it changes (a dozen index pages per lead).
 */
export async function insertRow<DB>(
  db: Kysely<DB>,
  table: keyof DB & string,
  row: Row,
  options: RowInsertOptions = {},
): Promise<number | undefined> {
  const executor = db.getExecutor();
  const sqlite = executor.adapter instanceof SqliteAdapter;
  const returning = options.returnId === true && !sqlite;
  const columns = Object.keys(row);
  const values = Object.values(row);
  const key = `${table}(${columns.join(',')})${options.onConflictDoNothing ?? ''}:${returning}`;
  let texts = compiledTexts.get(executor.adapter);
  if (!texts) compiledTexts.set(executor.adapter, (texts = new Map()));
  let text = texts.get(key);
  let query: CompiledQuery;
  if (text === undefined) {
    query = compile(db, table, row, options.onConflictDoNothing, returning);
    const sameOrder =
      query.parameters.length === values.length &&
      query.parameters.every((value, index) => value === values[index]);
    if (sameOrder) texts.set(key, (text = query.sql));
  } else {
    // Inside a transaction the connection is this one's alone (Kysely holds it until the
    // commit), so a statement run on it directly belongs to the transaction.
    const prepare = db.isTransaction ? sqliteStatements.get(executor.adapter) : undefined;
    if (prepare) {
      const { changes, lastInsertRowid } = prepare(text).run(values);
      return options.returnId && changes > 0 ? Number(lastInsertRowid) : undefined;
    }
    query = CompiledQuery.raw(text, values);
  }
  const result = await db.executeQuery<{ id: number }>(query);
  if (!options.returnId) return undefined;
  if (!sqlite) return result.rows[0]?.id;
  return result.numAffectedRows ? Number(result.insertId) : undefined;
}

function compile<DB>(
  db: Kysely<DB>,
  table: string,
  row: Row,
  onConflictDoNothing: string | undefined,
  returning: boolean,
): CompiledQuery {
  // Typed loosely on purpose: the table and its columns are only known at run time here.
  const loose = db as unknown as Kysely<Record<string, Row>>;
  let query = loose.insertInto(table).values(row);
  if (onConflictDoNothing) {
    query = query.onConflict((conflict) => conflict.column(onConflictDoNothing).doNothing());
  }
  return returning ? query.returning('id').compile() : query.compile();
}
