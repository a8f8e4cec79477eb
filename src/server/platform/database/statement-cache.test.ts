import SqliteDatabase from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { withStatementCache } from './statement-cache';

describe('withStatementCache', () => {
  const open = () => {
    const file = new SqliteDatabase(':memory:');
    file.exec('create table t (n integer); insert into t values (1), (2), (3)');
    return file;
  };

  it('prepares each SQL text once and reuses the statement', () => {
    const cache = withStatementCache(open());
    const first = cache.prepare('select n from t');
    expect(cache.prepare('select n from t')).toBe(first);
    expect(cache.prepare('select n from t where n > 1')).not.toBe(first);
    cache.close();
  });

  it('never hands out a statement that is still iterating', () => {
    const cache = withStatementCache(open());
    const outer = cache.prepare('select n from t');
    const seen: number[] = [];
    for (const row of outer.iterate([]) as Iterable<{ n: number }>) {
      const inner = cache.prepare('select n from t');
      expect(inner).not.toBe(outer);
      seen.push(row.n, (inner.all([]) as unknown[]).length);
    }
    expect(seen).toEqual([1, 3, 2, 3, 3, 3]);
    cache.close();
  });

  it('keeps at most `max` statements, dropping the least recently used', () => {
    const cache = withStatementCache(open(), 2);
    const a = cache.prepare('select 1');
    cache.prepare('select 2');
    cache.prepare('select 1'); // a is now the most recent
    cache.prepare('select 3'); // evicts select 2
    expect(cache.prepare('select 1')).toBe(a);
    const b = cache.prepare('select 2');
    expect(cache.prepare('select 2')).toBe(b);
    cache.close();
  });
});
