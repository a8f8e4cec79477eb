import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { describe, expect, it } from 'vitest';
import { insertRow, runInsertsDirectly } from './row-insert';
import { withStatementCache } from './statement-cache';

interface Tables {
  people: { id: number; email: string; name: string | null; city: string | null };
}

describe('insertRow (SQLite)', () => {
  const open = () => {
    const file = new SqliteDatabase(':memory:');
    file.exec(
      'create table people (id integer primary key, email text not null unique, name text, city text)',
    );
    const statements = withStatementCache(file);
    const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: statements }) });
    // As openSqlite does: inside a transaction, the INSERTs run on the connection directly.
    runInsertsDirectly(db as Kysely<unknown>, statements.prepare);
    return { file, db };
  };

  it('answers each new row id, and undefined when the conflict column already holds the value', async () => {
    const { file, db } = open();
    const options = { onConflictDoNothing: 'email', returnId: true };
    expect(await insertRow(db, 'people', { email: 'a@x', name: 'A' }, options)).toBe(1);
    expect(await insertRow(db, 'people', { email: 'b@x', name: 'B' }, options)).toBe(2);
    expect(await insertRow(db, 'people', { email: 'a@x', name: 'Again' }, options)).toBeUndefined();
    expect(file.prepare('select id, email, name from people order by id').all()).toEqual([
      { id: 1, email: 'a@x', name: 'A' },
      { id: 2, email: 'b@x', name: 'B' },
    ]);
    await db.destroy();
  });

  it('puts each value in its own column whatever columns and order each row has', async () => {
    const { file, db } = open();
    await insertRow(db, 'people', { email: 'a@x', name: 'A', city: 'Austin' });
    await insertRow(db, 'people', { city: 'Boston', email: 'b@x' });
    await insertRow(db, 'people', { email: 'c@x', name: null, city: 'Chicago' });
    await insertRow(db, 'people', { name: 'D', email: 'd@x' });
    expect(file.prepare('select email, name, city from people order by id').all()).toEqual([
      { email: 'a@x', name: 'A', city: 'Austin' },
      { email: 'b@x', name: null, city: 'Boston' },
      { email: 'c@x', name: null, city: 'Chicago' },
      { email: 'd@x', name: 'D', city: null },
    ]);
    await db.destroy();
  });

  it('inside a transaction: the same ids and conflicts, and a rollback takes the rows back', async () => {
    const { file, db } = open();
    const options = { onConflictDoNothing: 'email', returnId: true };
    const kept = await db.startTransaction().execute();
    // The first row of a shape goes through Kysely (compiling its text), the next ones not.
    expect(await insertRow<Tables>(kept, 'people', { email: 'a@x', name: 'A' }, options)).toBe(1);
    expect(await insertRow<Tables>(kept, 'people', { email: 'b@x', name: 'B' }, options)).toBe(2);
    expect(await insertRow<Tables>(kept, 'people', { email: 'a@x', name: 'Again' }, options)).toBe(
      undefined,
    );
    await expect(
      insertRow<Tables>(kept, 'people', { email: null, name: 'N' }, options),
    ).rejects.toThrow(/NOT NULL/);
    await kept.commit().execute();
    const undone = await db.startTransaction().execute();
    expect(await insertRow<Tables>(undone, 'people', { email: 'c@x', name: 'C' }, options)).toBe(3);
    await undone.rollback().execute();
    expect(file.prepare('select id, email, name from people order by id').all()).toEqual([
      { id: 1, email: 'a@x', name: 'A' },
      { id: 2, email: 'b@x', name: 'B' },
    ]);
    await db.destroy();
  });

  it('fails like the INSERT it is when a constraint other than the conflict column refuses it', async () => {
    const { db } = open();
    await expect(
      insertRow(db, 'people', { email: null, name: 'N' }, { returnId: true }),
    ).rejects.toThrow(/NOT NULL/);
    await db.destroy();
  });
});
