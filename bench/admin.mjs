// `npm run bench:admin`: lead POSTs while an admin exports the Candidates CSV again and again, on
// the production build (built first if missing or stale). Seeds LEADS (default 60,000) leads into
// a temporary SQLite database, starts the built server on it and signs in. Then autocannon, closed
// loop: lead POSTs (a new e-mail each) on 20 connections for BENCH_SECONDS (default 10) alone, then
// as long while the export is downloaded back to back (its client a process of its own, as an
// admin's browser is). Also the Candidates board's column pages (each status: the first page, the
// next by cursor, one half a year deep), and one export's time and the server's memory growth.
// Then /api/health asked one at a time while two admins ask the widest funnel (two years of visits
// at the counter's daily cap) and while an owner uploads the largest spend file (admin-reports.mjs).
// Targets: during the exports, lead POSTs keep at least half their throughput alone with p99 <=
// 100 ms; board column pages p95 <= 50 ms; /api/health p99 <= 100 ms during the funnels and the
// upload. One line per target, with the load average beside it. Then the recruiter's desk at a
// million leads (admin-desk.mjs).
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { reportFigures, seedVisitDays } from './admin-reports.mjs';
import { deskVerdicts } from './admin-desk.mjs';
import { seedSqlite } from './seed-leads.mjs';
import {
  ensureBuild,
  figures,
  leadPosts,
  loadAverage,
  makeDataDir,
  removeDataDir,
  SQLITE_FILE,
  startServer,
  verdict,
} from './server.mjs';

const execFileAsync = promisify(execFile);
const LEADS = Number(process.env.LEADS ?? 60_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const LEAD_CONNECTIONS = 20;
const TARGETS = { ratio: 0.5, p99: 100, boardPage: 50, healthP99: 100 };
const PASSWORD = randomBytes(18).toString('base64url');
const CANDIDATE_STATUSES = ['new', 'contacted', 'qualified', 'enrolled', 'placed', 'not_a_fit'];
const log = (message) => console.log(`[bench:admin] ${message}`);

const startAdminServer = (dataDir) => startServer({ dataDir, env: { ADMIN_PASSWORD: PASSWORD } });

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

/** p95 of `requests` GETs of `url`, one at a time. */
async function p95(server, cookie, url, requests) {
  const times = [];
  for (let i = 0; i < requests; i++) {
    const started = performance.now();
    const response = await fetch(`${server.baseUrl}${url}`, { headers: { cookie } });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.ceil(0.95 * times.length) - 1];
}

/** The worst p95 of the Candidates board's column pages: first, next by cursor, half a year deep. */
async function boardPages(server, cookie) {
  const column = (status) => `/api/candidate-submissions/board?type=regular&status=${status}`;
  const halfYear = new Date(Date.now() - 182 * 86_400_000).toISOString();
  const worst = { first: 0, next: 0, deep: 0 };
  for (const status of CANDIDATE_STATUSES) {
    const first = await fetch(`${server.baseUrl}${column(status)}`, { headers: { cookie } });
    const cursor = first.headers.get('x-next-cursor');
    await first.arrayBuffer();
    if (!cursor) throw new Error(`board column ${status}: no next page`);
    const urls = {
      first: column(status),
      next: `${column(status)}&cursor=${encodeURIComponent(cursor)}`,
      deep: `${column(status)}&cursor=${encodeURIComponent(`${halfYear}~2000000000`)}`,
    };
    for (const [name, url] of Object.entries(urls)) {
      worst[name] = Math.max(worst[name], await p95(server, cookie, url, 30));
    }
  }
  return worst;
}

/** The export's client, in a process of its own: reading the file here would slow autocannon. */
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

/** Lead POSTs for SECONDS; meanwhile `during(until)` runs, if given. */
async function leadsWhile(server, label, during) {
  const until = performance.now() + SECONDS * 1000;
  const posts = leadPosts(server.baseUrl, {
    prefix: `admin-${label.replaceAll(' ', '-')}-${Date.now().toString(36)}`,
    duration: SECONDS,
    connections: LEAD_CONNECTIONS,
  });
  const [result, extra] = await Promise.all([posts.result, during?.(until)]);
  const run = figures(result);
  log(
    `lead POSTs ${label.padEnd(24)} ${String(run.perSecond).padStart(6)}/s   p50 ${String(run.p50).padStart(3)} ms   p99 ${String(run.p99).padStart(4)} ms   failed ${run.failed}${extra ?? ''}   (load ${loadAverage()})`,
  );
  return run;
}

async function main() {
  await ensureBuild(log);
  const dataDir = await makeDataDir('tb-bench-admin-');
  let server;
  try {
    // A first start creates the schema (the server migrates); then the bulk load.
    await (await startAdminServer(dataDir)).stop();
    seedSqlite(path.join(dataDir, SQLITE_FILE), log, LEADS);
    seedVisitDays(path.join(dataDir, SQLITE_FILE), log);
    server = await startAdminServer(dataDir);
    log(`${LEADS} leads on SQLite, ${os.cpus().length} CPUs, load ${loadAverage()}`);
    const cookie = await signIn(server);

    const board = await boardPages(server, cookie);
    const boardWorst = Math.max(board.first, board.next, board.deep);
    log(
      `board columns: p95 first page ${board.first.toFixed(1)} ms, next page ${board.next.toFixed(1)} ms, half a year deep ${board.deep.toFixed(1)} ms`,
    );
    const rssBefore = server.rssBytes();
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, server.rssBytes())), 20);
    const one = await exportOnce(server, cookie);
    clearInterval(sampler);
    log(
      `export: ${one.rows} rows (${(one.bytes / 2 ** 20).toFixed(1)} MB) in ${one.seconds.toFixed(2)} s, RSS growth ${((rssPeak - rssBefore) / 2 ** 20).toFixed(0)} MB`,
    );

    await leadPosts(server.baseUrl, { prefix: 'warm-up', duration: 2, connections: 20 }).result;
    const alone = await leadsWhile(server, 'alone');
    const during = await leadsWhile(server, 'during exports', async (until) => {
      let exports = 0;
      while (performance.now() < until) {
        await exportOnce(server, cookie);
        exports++;
      }
      return `   (${exports} exports)`;
    });
    const reports = await reportFigures(server, cookie, SECONDS);
    const ms = (value) => `${value.toFixed(1)} ms`;
    const health = (label, run) =>
      log(
        `/api/health ${label.padEnd(34)} p50 ${ms(run.p50).padStart(8)}   p99 ${ms(run.p99).padStart(8)}   (${run.asked} asked, load ${loadAverage()})`,
      );
    health('alone', reports.alone);
    health('during the widest funnels', reports.duringFunnels);
    log(
      `widest funnel (731 days, 2 at once): ${reports.funnel.answers} answers, median ${reports.funnel.median.toFixed(0)} ms, ${(reports.funnel.bytes / 1024).toFixed(0)} KB`,
    );
    health('during the largest upload', reports.duringUpload);
    log(
      `largest upload: ${reports.upload.rows} rows (${reports.upload.megabytes.toFixed(1)} MB) in ${reports.upload.seconds.toFixed(2)} s, ${reports.funnelDuringUpload.answers} funnels meanwhile`,
    );
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
        verdict(
          '/api/health p99 during the widest funnels',
          ms(reports.duringFunnels.p99),
          `<= ${TARGETS.healthP99} ms`,
          reports.duringFunnels.p99 <= TARGETS.healthP99,
        ),
        verdict(
          '/api/health p99 during the largest spend upload',
          ms(reports.duringUpload.p99),
          `<= ${TARGETS.healthP99} ms`,
          reports.duringUpload.p99 <= TARGETS.healthP99,
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
  // The recruiter's desk at a million leads, on a database of its own.
  console.log((await deskVerdicts()).join('\n'));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
