// `npm run bench:api`: the lead API's capacity targets (issue 20), on the production build
// (built first if missing or stale), a fresh temporary database and a free port. autocannon:
// 1. Capacity: lead POSTs (POST /api/candidates/email, a new e-mail each) as fast as the server
//    answers them on BENCH_CONNECTIONS connections.
// 2. Target load: lead POSTs paced at 2,000 a second, and beside them a public page (GET /career, as
//    a browser asks for it) at 100 a second. Lead and page p99.
// Then every lead answered 2xx must be in the database.
// Targets: at least 2,000 lead POSTs a second with p99 <= 50 ms; page GETs p99 <= 50 ms during
// that load. A line per target, met or not met, with the load average (`uptime`) beside it.
// Environment: BENCH_DURATION (s per run, default 10), BENCH_CONNECTIONS (100), BENCH_LOG_LEVEL
// (server LOG_LEVEL, default info as in production), DATABASE_URL (a disposable PostgreSQL
// database instead of SQLite: rows are added, never removed).
import os from 'node:os';
import path from 'node:path';
import {
  DATABASE_URL,
  ensureBuild,
  leadPosts,
  loadAverage,
  makeDataDir,
  pageGets,
  removeDataDir,
  startServer,
  verdict,
} from './bench-server.mjs';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'info';
const LEAD_RATE = 2000;
const PAGE_RATE = 100;
const P99_MS = 50;

const log = (message) => console.log(`[bench:api] ${message}`);

const figures = ({ requests, latency, non2xx, errors, timeouts }) => ({
  perSecond: Math.round(requests.average),
  p50: latency.p50,
  p99: latency.p99,
  failed: non2xx + errors + timeouts,
});

const show = (label, run) =>
  log(
    `${label.padEnd(40)} ${String(run.perSecond).padStart(6)}/s   p50 ${String(run.p50).padStart(4)} ms   p99 ${String(run.p99).padStart(4)} ms   failed ${run.failed}   (load ${loadAverage()})`,
  );

async function storedEmails(dataDir, prefix) {
  const query = `select email_normalized from candidates where email_normalized like '${prefix}-%'`;
  if (DATABASE_URL) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: DATABASE_URL });
    await client.connect();
    try {
      return new Set((await client.query(query)).rows.map((row) => row.email_normalized));
    } finally {
      await client.end();
    }
  }
  const { default: Database } = await import('better-sqlite3');
  const file = new Database(path.join(dataDir, 'talent-bridge.sqlite'), { readonly: true });
  try {
    return new Set(file.prepare(query).pluck().all());
  } finally {
    file.close();
  }
}

async function main() {
  await ensureBuild(log);
  const dataDir = await makeDataDir('tb-bench-');
  let server;
  try {
    server = await startServer({
      dataDir,
      // One address posting thousands of leads a second: no per-address cap, and no time trap
      // (the requests carry no form-time token: each lead would be quarantined).
      env: { LOG_LEVEL, LEAD_RATE_LIMIT: '0', SPAM_MIN_FILL_MS: '0' },
      logs: 'drain',
    });
    const base = server.baseUrl;
    const prefix = `bench-${Date.now().toString(36)}`;
    const acknowledged = [];
    const onAcknowledged = (email) => acknowledged.push(email);
    log(
      `${DATABASE_URL ? 'PostgreSQL' : 'SQLite (WAL, synchronous=FULL)'}, ${os.cpus().length} CPUs, ` +
        `${DURATION} s per run, server LOG_LEVEL=${LOG_LEVEL}, load ${loadAverage()}`,
    );
    const leads = (options) =>
      leadPosts(base, { prefix, connections: CONNECTIONS, onAcknowledged, ...options }).result;
    await leads({ duration: 2 }); // warm-up: JIT, connections
    await pageGets(base, { path: '/career', duration: 1, connections: 10, rate: PAGE_RATE }).result;

    const cpuBefore = server.cpuMs();
    const capacity = figures(await leads({ duration: DURATION }));
    show(`lead POSTs, ${CONNECTIONS} connections, flat out`, capacity);
    // Server CPU per lead: on a busy machine requests/s swing with the other processes; this
    // hardly moves, so it compares two builds measured at different moments.
    const cpuUs = ((server.cpuMs() - cpuBefore) * 1000) / (capacity.perSecond * DURATION);
    log(`server CPU per lead (all threads): ${cpuUs.toFixed(0)} µs`);
    const [atRate, pages] = (
      await Promise.all([
        leads({ duration: DURATION, rate: LEAD_RATE }),
        pageGets(base, { path: '/career', duration: DURATION, connections: 10, rate: PAGE_RATE })
          .result,
      ])
    ).map(figures);
    show(`lead POSTs at ${LEAD_RATE}/s`, atRate);
    show(`GET /career at ${PAGE_RATE}/s beside them`, pages);

    const stored = await storedEmails(dataDir, prefix);
    const lost = acknowledged.filter((email) => !stored.has(email)).length;
    const failed = capacity.failed + atRate.failed + pages.failed;
    console.log(
      [
        verdict(
          'lead POSTs a second (flat out)',
          capacity.perSecond,
          `>= ${LEAD_RATE}`,
          capacity.perSecond >= LEAD_RATE,
        ),
        verdict(
          `lead p99 at ${LEAD_RATE}/s`,
          `${atRate.p99} ms`,
          `<= ${P99_MS} ms`,
          atRate.p99 <= P99_MS,
        ),
        verdict(
          `page GET p99 during that load`,
          `${pages.p99} ms`,
          `<= ${P99_MS} ms`,
          pages.p99 <= P99_MS && pages.perSecond >= PAGE_RATE * 0.9,
        ),
        verdict('failed requests', failed, '0', failed === 0),
        verdict(`acknowledged leads lost (of ${acknowledged.length})`, lost, '0', lost === 0),
        `load average (uptime): ${loadAverage()} on ${os.cpus().length} CPUs`,
      ].join('\n'),
    );
    process.exitCode = lost > 0 || failed > 0 ? 1 : 0;
  } finally {
    await server?.stop();
    await removeDataDir(dataDir);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
