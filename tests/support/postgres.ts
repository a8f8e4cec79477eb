import { execFile, execFileSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './ports';

/**
 * A throw-away PostgreSQL server for the tests: initdb + pg_ctl from the Debian packages,
 * run as the `postgres` user (they refuse to run as root), in a temp dir, on a free port of
 * 127.0.0.1. stop() shuts it down and deletes every file it made.
 */

const run = promisify(execFile);
export const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const PG_USER = 'postgres';

export interface PostgresServer {
  /** Superuser URL of the `postgres` database, good for CREATE DATABASE. */
  url: string;
  stop(): Promise<void>;
}

/** Why a local PostgreSQL cannot be started here, or undefined when it can. */
export async function postgresUnavailableReason(): Promise<string | undefined> {
  for (const tool of ['initdb', 'pg_ctl', 'postgres']) {
    if (!existsSync(path.join(PG_BIN, tool))) return `${path.join(PG_BIN, tool)} is missing`;
  }
  if (isRoot()) {
    try {
      await run('id', ['-u', PG_USER]);
    } catch {
      return `running as root but there is no '${PG_USER}' user to run PostgreSQL as`;
    }
  }
  return undefined;
}

const isRoot = () => process.getuid?.() === 0;

/** Runs a PostgreSQL tool, as the postgres user when we are root. */
function pgTool(tool: string, args: string[]) {
  const binary = path.join(PG_BIN, tool);
  return isRoot() ? run('runuser', ['-u', PG_USER, '--', binary, ...args]) : run(binary, args);
}

/**
 * `durable`: keep PostgreSQL's fsyncs (its defaults), for a benchmark that should measure what
 * production pays for a committed row; the tests' data is disposable and skips them.
 */
export async function startPostgres({ durable = false } = {}): Promise<PostgresServer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'tb-pg-'));
  const dataDir = path.join(dir, 'data');
  try {
    if (isRoot()) {
      const { stdout } = await run('id', ['-u', PG_USER]);
      const { stdout: gid } = await run('id', ['-g', PG_USER]);
      await chown(dir, Number(stdout.trim()), Number(gid.trim()));
    }
    await pgTool('initdb', [
      '-D',
      dataDir,
      '-U',
      'postgres',
      '--auth=trust',
      '--encoding=UTF8',
      '--locale=C',
      '--no-sync',
    ]);
    // The port is free when picked but could be taken before postgres binds it: retry.
    for (let attempt = 1; ; attempt++) {
      const port = await freePort();
      const settings = [
        `-p ${port}`,
        `-k ${dir}`,
        '-c listen_addresses=127.0.0.1',
        // Test data is disposable: skip the fsyncs that make a throw-away server slow.
        ...(durable ? [] : ['-c fsync=off', '-c full_page_writes=off']),
        '-c max_connections=200',
      ].join(' ');
      try {
        await pgTool('pg_ctl', [
          '-D',
          dataDir,
          '-l',
          path.join(dir, 'server.log'),
          '-w',
          '-t',
          '30',
          '-o',
          settings,
          'start',
        ]);
        const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
        // If the test run is interrupted before its teardown, still leave nothing behind.
        const leftovers = () => stopAndRemoveSync(dir, dataDir);
        process.once('exit', leftovers);
        return {
          url,
          stop: async () => {
            process.removeListener('exit', leftovers);
            await stopAndRemove(dir, dataDir);
          },
        };
      } catch (error) {
        if (attempt >= 3) throw error;
      }
    }
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}

async function stopAndRemove(dir: string, dataDir: string): Promise<void> {
  try {
    await pgTool('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function stopAndRemoveSync(dir: string, dataDir: string): void {
  const args = ['-D', dataDir, '-m', 'immediate', '-w', 'stop'];
  try {
    const pgCtl = path.join(PG_BIN, 'pg_ctl');
    if (isRoot()) execFileSync('runuser', ['-u', PG_USER, '--', pgCtl, ...args]);
    else execFileSync(pgCtl, args);
  } catch {
    // already stopped
  }
  rmSync(dir, { recursive: true, force: true });
}

export interface TestDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/**
 * A fresh database on `adminUrl`'s server, so test files can run in parallel: empty, or a copy of
 * `template` (a database no one is connected to).
 */
export async function createTestDatabase(
  adminUrl: string,
  template?: string,
): Promise<TestDatabase> {
  const name = `tb_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  await withClient(adminUrl, (client) =>
    client.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`),
  );
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      await withClient(adminUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      );
    },
  };
}

async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}
