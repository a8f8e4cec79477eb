// `npm run bench:admin`: lead POSTs while an admin exports the Candidates CSV again and again
// (issue 20), on the production build (built first if missing or stale). Seeds LEADS (default
// 60,000) leads into a temporary SQLite database (or the PostgreSQL database of DATABASE_URL),
// starts the built server on it, signs in, and measures with autocannon lead POSTs (POST
// /api/candidates/email, a new e-mail each, as fast as the server answers on LEAD_CONNECTIONS
// connections) for LEAD_SECONDS alone, then for as long while one admin downloads the export
// again and again (its client a process of its own, as a browser is).
// Target: during the exports, lead POSTs keep at least half their throughput alone, with
// p99 <= 100 ms; the board's column pages (each status of Candidates: the first page, the next
// one by cursor, and one half a year deep) p95 <= 50 ms. Also printed: the list's first page
// and a search (p95), one export's time and
// the server's memory growth during it, and the load average (`uptime`) beside each figure.
// Then a 10,000-lead bulk status change at BULK_LEADS (default 1,000,000) leads (bench-admin-bulk.mjs),
// and the funnel with two years of ad spend at FUNNEL_LEADS (default 1,000,000) leads
// (bench-admin-funnel.mjs, which also runs alone).
// Options: LEADS, BULK_LEADS, FUNNEL_LEADS, DATABASE_URL, LEAD_SECONDS (default 10),
// LEAD_CONNECTIONS (default 50).
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import {
  DATABASE_URL,
  ensureBuild,
  leadPosts,
  loadAverage,
  makeDataDir,
  removeDataDir,
  startServer,
  verdict,
} from './bench-server.mjs';
import { benchBulk } from './bench-admin-bulk.mjs';
import { benchFunnel } from './bench-admin-funnel.mjs';
import { lead, seedSqlite } from './bench-leads.mjs';

const execFileAsync = promisify(execFile);
const LEADS = Number(process.env.LEADS ?? 60_000);
const LEAD_SECONDS = Number(process.env.LEAD_SECONDS ?? 10);
const LEAD_CONNECTIONS = Number(process.env.LEAD_CONNECTIONS ?? 50);
const TARGETS = { ratio: 0.5, p99: 100, boardPage: 50 };
const PASSWORD = randomBytes(18).toString('base64url');
const log = (message) => console.log(`[bench:admin] ${message}`);

const startAdminServer = (dataDir) =>
  startServer({
    dataDir,
    // One address posting thousands of leads a second: no per-address cap, no time trap.
    env: { ADMIN_PASSWORD: PASSWORD, LEAD_RATE_LIMIT: '0', SPAM_MIN_FILL_MS: '0' },
    // Only PATH from the shell: an ADMIN_PASSWORD_HASH there would stop the server starting.
    inheritEnv: false,
    logs: 'drain',
  });

async function seedPostgres(total) {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    await client.query('truncate candidates, companies restart identity');
    const pending = { candidates: [], companies: [] };
    const flush = async (table) => {
      const rows = pending[table];
      if (rows.length === 0) return;
      const columns = Object.keys(rows[0]);
      const values = rows.flatMap((row) => columns.map((column) => row[column]));
      const tuples = rows.map(
        (_, r) => `(${columns.map((_, c) => `$${r * columns.length + c + 1}`).join(', ')})`,
      );
      await client.query(
        `insert into ${table} (${columns.join(', ')}) values ${tuples.join(', ')}`,
        values,
      );
      pending[table] = [];
    };
    for (let i = 0; i < total; i++) {
      const { table, row } = lead(i, total);
      pending[table].push(row);
      if (pending[table].length === 2000) await flush(table);
    }
    await flush('candidates');
    await flush('companies');
    await client.query('vacuum analyze candidates, companies');
  } finally {
    await client.end();
  }
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** p95 of `requests` GETs of `url`, one at a time. */
async function p95(server, cookie, url, requests = 100) {
  const times = [];
  for (let i = 0; i < requests; i++) {
    const started = performance.now();
    const response = await fetch(`${server.baseUrl}${url}`, { headers: { cookie } });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    times.push(performance.now() - started);
  }
  return percentile(
    times.sort((a, b) => a - b),
    95,
  );
}

const CANDIDATE_STATUSES = ['new', 'contacted', 'qualified', 'enrolled', 'placed', 'not_a_fit'];

/**
 * p95 of the Candidates board's column pages, every status: the first page, the next one by its
 * X-Next-Cursor, and a page that starts half a year back (a keyset page costs the same anywhere).
 */
async function boardPages(server, cookie) {
  const column = (status) => `/api/candidate-submissions/board?type=regular&status=${status}`;
  const halfYear = new Date(Date.now() - 182 * 86_400_000).toISOString();
  const urls = { first: [], next: [], deep: [] };
  for (const status of CANDIDATE_STATUSES) {
    const first = await fetch(`${server.baseUrl}${column(status)}`, { headers: { cookie } });
    const cursor = first.headers.get('x-next-cursor');
    await first.arrayBuffer();
    if (!cursor) throw new Error(`board column ${status}: no next page`);
    urls.first.push(column(status));
    urls.next.push(`${column(status)}&cursor=${encodeURIComponent(cursor)}`);
    urls.deep.push(`${column(status)}&cursor=${encodeURIComponent(`${halfYear}~2000000000`)}`);
  }
  const figures = {};
  for (const [name, list] of Object.entries(urls)) {
    figures[name] = 0;
    for (const url of list)
      figures[name] = Math.max(figures[name], await p95(server, cookie, url, 30));
  }
  return figures;
}

/**
 * The export's client, in a process of its own (as an admin's browser is): reading the file
 * here would take the CPU from autocannon in this process. Prints "bytes lines".
 */
const EXPORT_CLIENT = `
const response = await fetch(process.argv[1], { headers: { cookie: process.argv[2] } });
if (!response.ok) throw new Error('export: ' + response.status);
let bytes = 0, lines = 0;
for await (const chunk of response.body) {
  bytes += chunk.length;
  for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines++;
}
console.log(bytes + ' ' + lines);`;

async function exportOnce(server, cookie) {
  const started = performance.now();
  const { stdout } = await execFileAsync(process.execPath, [
    '--input-type=module',
    '-e',
    EXPORT_CLIENT,
    `${server.baseUrl}/api/admin/export/candidates.csv`,
    cookie,
  ]);
  const [bytes, lines] = stdout.trim().split(' ').map(Number);
  return { rows: lines - 1, bytes, seconds: (performance.now() - started) / 1000 };
}

/** Lead POSTs for LEAD_SECONDS; meanwhile `during(until)` runs, if given. */
async function leadsWhile(server, label, during) {
  const until = performance.now() + LEAD_SECONDS * 1000;
  const posts = leadPosts(server.baseUrl, {
    prefix: `bench-admin-${label.replaceAll(' ', '-')}-${Date.now().toString(36)}`,
    duration: LEAD_SECONDS,
    connections: LEAD_CONNECTIONS,
  });
  const cpuBefore = server.cpuMs();
  const [result, extra] = await Promise.all([posts.result, during?.(until)]);
  const cpuUs = ((server.cpuMs() - cpuBefore) * 1000) / Math.max(result.requests.total, 1);
  const figures = {
    perSecond: Math.round(result.requests.average),
    p99: result.latency.p99,
    failed: result.non2xx + result.errors + result.timeouts,
  };
  log(
    `lead POSTs ${label.padEnd(30)} ${String(figures.perSecond).padStart(6)}/s   p50 ${String(result.latency.p50).padStart(4)} ms   p99 ${String(figures.p99).padStart(4)} ms   failed ${figures.failed}   server CPU ${cpuUs.toFixed(0)} µs/lead${extra ?? ''}   (load ${loadAverage()})`,
  );
  return figures;
}

/** Fills the migrated database of `dataDir` (or DATABASE_URL's) with `total` leads. */
const seed = (dataDir, total) =>
  DATABASE_URL
    ? seedPostgres(total)
    : seedSqlite(path.join(dataDir, 'talent-bridge.sqlite'), log, total);

/** Signs in on `server`; the session's cookie. */
async function signIn(server) {
  const login = await fetch(`${server.baseUrl}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password: PASSWORD }),
  });
  if (!login.ok) throw new Error(`sign-in failed: ${login.status}`);
  return login.headers.get('set-cookie').split(';')[0];
}

async function main() {
  await ensureBuild(log);
  const dataDir = await makeDataDir('tb-bench-admin-');
  let server;
  try {
    // A first start creates the schema (the server migrates); then the bulk load.
    await (await startAdminServer(dataDir)).stop();
    await seed(dataDir, LEADS);
    server = await startAdminServer(dataDir);
    log(
      `${LEADS} leads on ${DATABASE_URL ? 'PostgreSQL' : 'SQLite'}, ${os.cpus().length} CPUs, load ${loadAverage()}`,
    );
    const cookie = await signIn(server);

    const list = await p95(server, cookie, '/api/candidate-submissions?type=regular&limit=50');
    const search = await p95(server, cookie, '/api/candidate-submissions?limit=50&q=smit');
    const board = await boardPages(server, cookie);
    const boardWorst = Math.max(board.first, board.next, board.deep);
    log(
      `board columns (Candidates, ${CANDIDATE_STATUSES.length} statuses, 20 cards): p95 first page ${board.first.toFixed(1)} ms, next page ${board.next.toFixed(1)} ms, half a year deep ${board.deep.toFixed(1)} ms (load ${loadAverage()})`,
    );
    const rssBefore = server.rssBytes();
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, server.rssBytes())), 20);
    const cpuBefore = server.cpuMs();
    const one = await exportOnce(server, cookie);
    const exportCpu = (server.cpuMs() - cpuBefore) / 1000;
    clearInterval(sampler);
    log(
      `list p95 ${list.toFixed(1)} ms, search p95 ${search.toFixed(1)} ms; export ${one.rows} rows (${(one.bytes / 2 ** 20).toFixed(0)} MB) in ${one.seconds.toFixed(2)} s (server CPU ${exportCpu.toFixed(2)} s), RSS growth ${((rssPeak - rssBefore) / 2 ** 20).toFixed(0)} MB`,
    );

    await leadPosts(server.baseUrl, { prefix: 'warm-up', duration: 2, connections: 10 }).result;
    const alone = await leadsWhile(server, 'alone');
    const during = await leadsWhile(server, 'during repeated exports', async (until) => {
      let exports = 0;
      while (performance.now() < until) {
        await exportOnce(server, cookie);
        exports++;
      }
      return `   (${exports} exports)`;
    });
    const ratio = during.perSecond / alone.perSecond;
    const failed = alone.failed + during.failed;
    console.log(
      [
        verdict(
          'lead POSTs during exports, share of alone',
          `${ratio.toFixed(2)}x (${during.perSecond}/s against ${alone.perSecond}/s)`,
          `>= ${TARGETS.ratio}x`,
          ratio >= TARGETS.ratio,
        ),
        verdict(
          'lead p99 during exports',
          `${during.p99} ms`,
          `<= ${TARGETS.p99} ms`,
          during.p99 <= TARGETS.p99,
        ),
        verdict(
          'board column page p95 (worst status and depth)',
          `${boardWorst.toFixed(1)} ms`,
          `<= ${TARGETS.boardPage} ms`,
          boardWorst <= TARGETS.boardPage,
        ),
        verdict('failed requests', failed, '0', failed === 0),
        `load average (uptime): ${loadAverage()} on ${os.cpus().length} CPUs`,
      ].join('\n'),
    );
    process.exitCode = failed > 0 ? 1 : 0;
  } finally {
    await server?.stop();
    await removeDataDir(dataDir);
  }
  await benchBulk(benchAdminParts);
  await benchFunnel(benchAdminParts);
}

/** What the parts run at a million leads share: seeding, the server, signing in, the log. */
export const benchAdminParts = { seed, startAdminServer, signIn, log };

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
