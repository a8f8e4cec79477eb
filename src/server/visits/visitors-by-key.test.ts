import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../platform/database/migration-runner';
import { visitMigrations, type VisitTables } from './visit-tables';
import { visitorsByKey } from './visitors-by-key';

const dayOf = (n: number) => new Date(Date.UTC(2026, 0, 1 + n)).toISOString().slice(0, 10);

describe('visitorsByKey', () => {
  it('reads in pieces, each key once with its whole sum, as one GROUP BY over the range would', async () => {
    const file = new SqliteDatabase(':memory:');
    const db = new Kysely<VisitTables>({ dialect: new SqliteDialect({ database: file }) });
    await migrateToLatest(db, 'sqlite', [visitMigrations]);
    const insert = file.prepare(
      `insert into visit_days (day, page, landing_variant, utm_source, utm_campaign, visitors)
       values (?, ?, '', '', ?, ?)`,
    );
    file.transaction(() => {
      // One key of 8,000 rows, longer than a piece, and 4,000 keys of a row each around it.
      for (let day = 0; day < 40; day++)
        for (let page = 0; page < 200; page++) insert.run(dayOf(day), `/p${page}`, 'm', page % 3);
      for (let n = 0; n < 4000; n++) insert.run(dayOf(n % 40), '/', `k${n}`.padStart(6, 'a'), 2);
      insert.run(dayOf(10), '/', '', 5);
    })();
    const range = { from: dayOf(5), to: dayOf(34) };

    const pieces: { key: string; visitors: number }[][] = [];
    for await (const piece of visitorsByKey(db, 'utm_campaign', range)) pieces.push(piece);

    const expected = file
      .prepare(
        `select utm_campaign as key, sum(visitors) as visitors from visit_days
         where day between ? and ? group by utm_campaign order by utm_campaign`,
      )
      .all(range.from, range.to);
    expect(pieces.length).toBeGreaterThanOrEqual(3);
    expect(pieces.flat()).toEqual(expected);
    await db.destroy();
  });
});
