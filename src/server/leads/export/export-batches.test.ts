import SqliteDatabase from 'better-sqlite3';
import { CompiledQuery } from 'kysely';
import { describe, expect, it } from 'vitest';
import { CELL_SEPARATOR, exportBatches, type ExportQuery } from './export-batches';

describe('exportBatches', () => {
  const rows = 1_234;
  const reader = () => {
    const file = new SqliteDatabase(':memory:');
    file.exec(`create table t (n integer, note text, created_at text, id integer)`);
    const insert = file.prepare('insert into t values (?, ?, ?, ?)');
    for (let n = 0; n < rows; n++) {
      insert.run(n, n === 7 ? `a${CELL_SEPARATOR}b` : null, `2025-01-01T00:00:${n}`, n);
    }
    return file;
  };
  /** A stream as the reader thread gives it: the statement's rows in batches; notes its end. */
  const sqlite = (ended: boolean[]): ExportQuery => {
    const file = reader();
    return {
      stream: async function* (query, batchRows) {
        try {
          const rows = file
            .prepare(query.sql)
            .raw(true)
            .all(...query.parameters) as unknown[][];
          for (let at = 0; at < rows.length; at += batchRows) yield rows.slice(at, at + batchRows);
        } finally {
          ended.push(true);
        }
      },
      joined: () =>
        CompiledQuery.raw(
          `select concat_ws(?, coalesce(n, ''), coalesce(note, '')), created_at, id from t where n >= ? order by n`,
          [CELL_SEPARATOR, 0],
        ),
      valuesById: async (id) =>
        file.prepare('select n, note from t where id = ?').raw(true).get(id) as unknown[],
      page: () => Promise.reject(new Error('no pages on SQLite')),
      width: 2,
    };
  };
  it('reads one statement from the stream, in batches, to its end', async () => {
    const ended: boolean[] = [];
    const seen: unknown[] = [];
    for await (const batch of exportBatches(sqlite(ended))) {
      expect(batch.length).toBeLessThanOrEqual(500);
      seen.push(...batch.map(([cells]) => cells));
    }
    expect(seen).toHaveLength(rows);
    expect(seen[0]).toBe(`0${CELL_SEPARATOR}`);
    // A value holding the separator itself comes as values, not joined.
    expect(seen[7]).toEqual([7, `a${CELL_SEPARATOR}b`]);
    expect(ended).toEqual([true]);
  });
  it('ends the stream when the reader stops early (the client went away)', async () => {
    const ended: boolean[] = [];
    for await (const batch of exportBatches(sqlite(ended))) {
      expect(batch[0]?.[2]).toBe(0);
      break;
    }
    expect(ended).toEqual([true]);
  });
  it('without a reader, follows keyset pages by created_at and id, reading odd rows by id', async () => {
    const cursors: unknown[] = [];
    const all = Array.from({ length: 12_000 }, (_, n) => ({
      cells: n === 3 ? `3${CELL_SEPARATOR}x${CELL_SEPARATOR}y` : `${n}${CELL_SEPARATOR}`,
      created_at: `t${String(100_000 - n)}`,
      id: n,
    }));
    const seen: unknown[] = [];
    for await (const batch of exportBatches({
      joined: () => CompiledQuery.raw('unused'),
      valuesById: async (id) => [id, `x${CELL_SEPARATOR}y`],
      page: async (cursor, size) => {
        cursors.push(cursor);
        const start = cursor ? cursor.id + 1 : 0;
        return all.slice(start, start + size);
      },
      width: 2,
    })) {
      seen.push(...batch.map(([cells]) => cells));
    }
    expect(seen).toHaveLength(12_000);
    expect(seen[1]).toBe(`1${CELL_SEPARATOR}`);
    expect(seen[3]).toEqual([3, `x${CELL_SEPARATOR}y`]);
    expect(cursors).toEqual([
      undefined,
      { createdAt: 't95001', id: 4999 },
      { createdAt: 't90001', id: 9999 },
    ]);
  });
});
