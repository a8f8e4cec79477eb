import type SqliteDatabase from 'better-sqlite3';
import type { SqliteDatabase as KyselySqliteDatabase } from 'kysely';

/**
 * Kysely prepares every query anew; lead writes repeat a handful of SQL texts, and
 * preparing was the largest single cost of a write. Statements are kept per SQL text (most
 * recently used first, bounded); one still busy (an unfinished iterate()) is never shared.
 */
export function withStatementCache(
  file: SqliteDatabase.Database,
  max = 200,
): KyselySqliteDatabase & { prepare(sql: string): SqliteDatabase.Statement } {
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
