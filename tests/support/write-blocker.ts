import path from 'node:path';
import { sql } from 'kysely';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { SQLITE_FILE_NAME } from '../../src/server/platform/database/connection';
import type { TestApp } from './test-app';

/**
 * Another client of the app's database holding the lock lead writes need, as a backup, a
 * migration or an admin's console session would: SQLite's write lock (BEGIN IMMEDIATE), or
 * PostgreSQL's strongest lock on the candidates table. Reads of other tables still work.
 */
export interface WriteBlocker {
  release(): Promise<void>;
}

export async function blockLeadWrites(testApp: TestApp): Promise<WriteBlocker> {
  if (testApp.kind === 'sqlite') {
    const file = new SqliteDatabase(path.join(testApp.env.DATA_DIR!, SQLITE_FILE_NAME));
    file.exec('BEGIN IMMEDIATE');
    return {
      release: async () => {
        file.exec('ROLLBACK');
        file.close();
      },
    };
  }
  const client = new pg.Client({ connectionString: testApp.env.DATABASE_URL });
  await client.connect();
  await client.query('BEGIN');
  await client.query('LOCK TABLE candidates IN ACCESS EXCLUSIVE MODE');
  return {
    release: async () => {
      await client.query('ROLLBACK');
      await client.end();
    },
  };
}

/** The audit log refuses every entry until released, as a full disk or a cut connection would. */
export async function refuseAuditEntries({ db, kind }: TestApp): Promise<WriteBlocker> {
  const refuse =
    kind === 'sqlite'
      ? [
          `CREATE TRIGGER refuse_audit BEFORE INSERT ON admin_audit_entries
           BEGIN SELECT RAISE(ABORT, 'refused'); END`,
        ]
      : [
          `CREATE FUNCTION refuse_audit() RETURNS trigger LANGUAGE plpgsql
           AS $$ BEGIN RAISE EXCEPTION 'refused'; END $$`,
          `CREATE TRIGGER refuse_audit BEFORE INSERT ON admin_audit_entries
           FOR EACH ROW EXECUTE FUNCTION refuse_audit()`,
        ];
  for (const statement of refuse) await sql.raw(statement).execute(db);
  const drop =
    kind === 'sqlite' ? 'DROP TRIGGER refuse_audit' : 'DROP FUNCTION refuse_audit CASCADE';
  return { release: async () => void (await sql.raw(drop).execute(db)) };
}
