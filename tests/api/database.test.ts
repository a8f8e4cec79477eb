import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { migrations, openDatabase } from '../../src/server/database';
import {
  SQLITE_FILE_NAME,
  openDatabase as openWithMigrations,
} from '../../src/server/platform/database/connection';
import {
  collectMigrations,
  type MigrationSet,
} from '../../src/server/platform/database/migration-runner';
import { leadRecordColumns } from '../../src/server/leads/records/lead-columns';
import { describeEachDatabase, uniqueEmail } from '../support/test-app';

describeEachDatabase('database', (current) => {
  it('creates both lead tables with their indexes', async () => {
    const { db } = current();
    const tables = (await db.introspection.getTables()).map((table) => table.name);
    expect(tables).toEqual(expect.arrayContaining(['candidates', 'companies']));
    const candidateColumns = (await db.introspection.getTables())
      .find((table) => table.name === 'candidates')
      ?.columns.map((column) => column.name);
    expect(candidateColumns).toEqual(
      expect.arrayContaining([
        'id',
        'email_normalized',
        'questionnaire_completed',
        'is_questionnaire_candidate',
        'motivation',
        'utm_campaign',
        'created_at',
      ]),
    );
  });

  it("has exactly the stored columns the lead record lists (besides the admin's)", async () => {
    const tables = await current().db.introspection.getTables();
    // The admin's columns: generated ones (SQLite's introspection does not list them) and
    // the pipeline's status (admin/listing/listing-migrations.ts) and assignee (decision 162).
    const generated = [
      'status',
      'assignee_id',
      'lead_type',
      'search_name',
      'search_last_name',
      'search_company',
      'search_contact',
      // The candidates' match keys (decision 161).
      'phone_digits',
      'name_location_key',
      'email_match_key',
      // The list's last activity (310_list_sorts): the team's last step, and the later of it.
      'worked_at',
      'activity_at',
    ];
    for (const name of ['candidates', 'companies'] as const) {
      const stored = tables
        .find((table) => table.name === name)
        ?.columns.map((column) => column.name)
        .filter((column) => !generated.includes(column));
      expect(stored?.sort()).toEqual([...leadRecordColumns[name]].sort());
    }
  });

  it('refuses a second lead with the same normalized e-mail', async () => {
    const { db } = current();
    const email = uniqueEmail();
    const row = {
      email,
      email_normalized: email,
      stage: 'email' as const,
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
    };
    await db.insertInto('companies').values(row).execute();
    await expect(db.insertInto('companies').values(row).execute()).rejects.toThrow(/unique/i);
  });

  it('answers GET /api/health with 200 while the database answers', async () => {
    const response = await current().app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', database: 'ok', writes: 'ok' });
  });
});

describeEachDatabase('health without a database', (current) => {
  it('answers 503 once the database stops answering', async () => {
    const { app } = current();
    await app.database.close();
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ status: 'unavailable', database: 'failed' });
  });
});

describe('SQLite file', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('is durable (WAL, synced before answering) and migrates idempotently on re-open', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tb-db-'));
    dirs.push(dataDir);
    const first = await openDatabase({ dataDir });
    const journal = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(first.db);
    const synchronous = await sql<{ synchronous: number }>`pragma synchronous`.execute(first.db);
    const foreignKeys = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(first.db);
    expect(journal.rows[0]?.journal_mode).toBe('wal');
    // 1 = NORMAL: the WAL is synced before each write is answered (sqlite-wal.test.ts).
    expect(synchronous.rows[0]?.synchronous).toBe(1);
    expect(foreignKeys.rows[0]?.foreign_keys).toBe(1);
    await first.close();

    const second = await openDatabase({ dataDir });
    await second.ping();
    await second.close();
    const file = new SqliteDatabase(path.join(dataDir, SQLITE_FILE_NAME), { readonly: true });
    const applied = file.prepare('select name from kysely_migration').all();
    file.close();
    // Every migration applied once, in order.
    expect(applied).toEqual(
      Object.keys(collectMigrations(migrations, 'sqlite')).map((name) => ({ name })),
    );
    expect(applied[0]).toEqual({ name: '001_create_lead_tables' });
  });

  it("keeps only the lead indexes the admin reads, and the admin's reads still use one", async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tb-db-'));
    dirs.push(dataDir);
    await (await openDatabase({ dataDir })).close();
    const file = new SqliteDatabase(path.join(dataDir, SQLITE_FILE_NAME), { readonly: true });
    try {
      const indexes = (table: string) =>
        file
          .prepare("select name from sqlite_master where type = 'index' and tbl_name = ?")
          .all(table)
          .map((row) => (row as { name: string }).name);
      // Each index costs every lead INSERT (docs/decisions/010): 001's listing indexes are gone.
      for (const table of ['candidates', 'companies']) {
        expect(indexes(table)).not.toEqual(
          expect.arrayContaining([expect.stringMatching(/_(created_at|stage_created_at)_idx$/)]),
        );
      }
      expect(indexes('candidates')).not.toContain('candidates_typeform_created_at_idx');
      const plan = (query: string) =>
        file
          .prepare(`explain query plan ${query}`)
          .all()
          .map((row) => (row as { detail: string }).detail)
          .join('; ');
      // What those indexes served: every lead newest first, a tab newest first, the last 30 days.
      expect(plan('select id from candidates order by created_at desc, id desc limit 50')).toMatch(
        /SCAN candidates USING (COVERING )?INDEX candidates_created_id_idx/,
      );
      expect(
        plan(
          "select id from candidates where lead_type = 'email' order by created_at desc, id desc limit 50",
        ),
      ).toMatch(/USING (COVERING )?INDEX candidates_lead_type_idx/);
      expect(
        plan("select count(*) from companies where created_at >= '2026-01-01T00:00:00.000Z'"),
      ).toMatch(/SEARCH companies USING COVERING INDEX companies_created_id_idx/);
      // The duplicate lookups by phone and by name and place read their partial indexes.
      for (const key of ['phone_digits', 'name_location_key']) {
        expect(plan(`select id from candidates where ${key} = 'x'`)).toMatch(
          new RegExp(`USING (COVERING )?INDEX candidates_${key}_idx`),
        );
        expect(
          plan(`select ${key} from candidates where ${key} is not null group by ${key}`),
        ).toMatch(new RegExp(`USING (COVERING )?INDEX candidates_${key}_idx`));
      }
    } finally {
      file.close();
    }
  });

  it('upgrades a database of an earlier release whose migrations sort after new ones', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tb-db-'));
    dirs.push(dataDir);
    // The release before the pipeline and audit log ran these; newer parts added 002, 03x…
    const earlier = new Set([
      '001_create_lead_tables',
      '020_admin_sessions',
      '021_admin_lead_queries',
      '022_admin_search_keys',
    ]);
    const earlierSets: MigrationSet[] = migrations.map(
      (set) => (dialect) =>
        Object.fromEntries(Object.entries(set(dialect)).filter(([name]) => earlier.has(name))),
    );
    const old = await openWithMigrations({ dataDir, migrations: earlierSets });
    await old.close();

    const upgraded = await openDatabase({ dataDir });
    await upgraded.ping();
    await upgraded.close();
    const file = new SqliteDatabase(path.join(dataDir, SQLITE_FILE_NAME), { readonly: true });
    const applied = file.prepare('select name from kysely_migration').all() as { name: string }[];
    file.close();
    expect(applied.map(({ name }) => name).sort()).toEqual(
      Object.keys(collectMigrations(migrations, 'sqlite')),
    );
  });
});
