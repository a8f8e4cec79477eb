import type SqliteDatabase from 'better-sqlite3';

/** Statements by SQL text (LRU): preparing was a write's largest cost; a busy one is not shared. */
export function withStatementCache(
  file: SqliteDatabase.Database,
  max = 200,
): { prepare(sql: string): SqliteDatabase.Statement; close(): void } {
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
