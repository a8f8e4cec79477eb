// `npm run bench:api`: throughput and latency of the lead API against the production build.
// Starts dist/server/main.js (building first if the build is missing or stale) on a fresh
// temporary database and a free port, then loads it for 10 s each (100 keep-alive connections,
// one request in flight each; scripts/closed-loop-load.mjs, decision 144) with GET /api/health
// (the ceiling: routing + a trivial query) and with POST /api/candidates/email, a new e-mail per
// request. Prints requests/s, p50/p99 latency, non-2xx and errors, the server's and the load
// generator's CPU per request, the ratio lead/ceiling, and checks that every lead answered 2xx is
// in the database. Then POST /api/visits (the visit beacon, decision 115; a new browser per
// request), whose throughput must be at least the lead endpoint's.
// Environment: BENCH_DURATION (s, default 10), BENCH_CONNECTIONS (100), BENCH_LOG_LEVEL
// (server LOG_LEVEL, default info as in production), DATABASE_URL (bench PostgreSQL instead
// of SQLite; the table must be disposable: rows are added, never removed).
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { root } from './build-stamp.mjs';
import {
  BROWSER_USER_AGENT,
  DATABASE_URL,
  ensureBuild,
  leadBody,
  makeDataDir,
  removeDataDir,
  startServer,
} from './bench-server.mjs';
import { closedLoopLoad } from './closed-loop-load.mjs';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'info';
const TARGETS = { ratio: 0.5, p99: 50 };

const log = (message) => console.log(`[bench:api] ${message}`);

/** One request as it goes on the wire: the request line, the headers, the body. */
function wireRequest(host, method, pathname, headers = {}, body = '') {
  const lines = [`${method} ${pathname} HTTP/1.1`, `Host: ${host}`];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  if (body) lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
  return `${lines.join('\r\n')}\r\n\r\n${body}`;
}

/** `nextRequest` for DURATION seconds on CONNECTIONS connections. */
const run = (base, nextRequest, { duration = DURATION, onResponse } = {}) =>
  closedLoopLoad({
    url: base,
    connections: CONNECTIONS,
    durationMs: duration * 1000,
    nextRequest,
    onResponse,
  });

/** GET /api/health, the same request every time. */
function healthRun(base, duration) {
  const request = wireRequest(new URL(base).host, 'GET', '/api/health');
  return run(base, () => request, { duration });
}

/** A POST /api/candidates/email run where every request carries a new e-mail. */
function leadRun(base, prefix, acknowledged, duration) {
  const { host } = new URL(base);
  let counter = 0;
  return run(
    base,
    (context) => {
      context.email = `${prefix}-${counter++}@bench.example`;
      return wireRequest(
        host,
        'POST',
        '/api/candidates/email',
        { 'content-type': 'application/json', 'user-agent': BROWSER_USER_AGENT },
        leadBody(context.email),
      );
    },
    {
      duration,
      onResponse: (status, context) => {
        if (status >= 200 && status < 300) acknowledged.push(context.email);
      },
    },
  );
}

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
    return new Set(
      file
        .prepare(query)
        .all()
        .map((row) => row.email_normalized),
    );
  } finally {
    file.close();
  }
}

/**
 * Runs `measure` and adds the server's CPU cost per request: unlike requests/s it hardly
 * moves when other processes compete for the CPUs, so runs on a busy machine stay comparable.
 * The load generator's own CPU per request beside it: it shares the machine's CPUs.
 */
async function withCpu(server, measure) {
  const load = os.loadavg()[0];
  const before = server.cpuMs();
  const generatorBefore = process.cpuUsage();
  const result = figures(await measure());
  const cpuMs = server.cpuMs() - before;
  const generator = process.cpuUsage(generatorBefore);
  const perRequest = (us) => Math.round(us / Math.max(result.total, 1));
  return {
    ...result,
    cpuUsPerRequest: perRequest(cpuMs * 1000),
    generatorCpuUsPerRequest: perRequest(generator.user + generator.system),
    loadBefore: Number(load.toFixed(1)),
  };
}

let visitor = 0;
/** A POST /api/visits run: the landing beacon, a different browser (visitor) per request. */
const visitRun = (base) => {
  const { host } = new URL(base);
  return run(base, () =>
    wireRequest(
      host,
      'POST',
      '/api/visits',
      {
        'content-type': 'application/json',
        'user-agent': `Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0.${visitor++} Safari/537.36`,
      },
      JSON.stringify({ page: '/career', variant: 'free_training', utmSource: 'bench' }),
    ),
  );
};

const figures = (result) => ({
  requestsPerSecond: Math.round(result.requests.average),
  p50: result.latency.p50,
  p99: result.latency.p99,
  non2xx: result.non2xx,
  errors: result.errors,
  timeouts: result.timeouts,
  total: result.requests.total,
});

async function main() {
  await ensureBuild(log);
  const dataDir = await makeDataDir('tb-bench-');
  let server;
  try {
    server = await startServer({
      dataDir,
      // The benchmark is one address posting thousands of leads a second: no per-address cap,
      // and no time trap (its requests carry no form-time token, so each lead would be
      // quarantined and none found in the candidates table).
      env: { LOG_LEVEL, LEAD_RATE_LIMIT: '0', SPAM_MIN_FILL_MS: '0' },
      logs: 'drain',
    });
    const base = server.baseUrl;
    const runId = `bench-${Date.now().toString(36)}`;
    log(
      `${DATABASE_URL ? 'PostgreSQL' : 'SQLite (WAL, synchronous=FULL)'}, ${CONNECTIONS} connections, ` +
        `${DURATION} s per run, server LOG_LEVEL=${LOG_LEVEL}, ${os.cpus().length} CPUs`,
    );
    log('warming up');
    await healthRun(base, 2);
    await leadRun(base, `${runId}-warmup`, [], 2);

    log('GET /api/health');
    const health = await withCpu(server, () => healthRun(base));
    log('POST /api/candidates/email');
    const acknowledged = [];
    const lead = await withCpu(server, () => leadRun(base, `${runId}-lead`, acknowledged));

    log('POST /api/visits');
    const visits = await withCpu(server, () => visitRun(base));

    const stored = await storedEmails(dataDir, `${runId}-lead`);
    const lost = acknowledged.filter((email) => !stored.has(email)).length;
    const ratio = lead.requestsPerSecond / health.requestsPerSecond;

    const busy = Math.max(health.loadBefore, lead.loadBefore) > os.cpus().length;
    if (busy) {
      log(
        `WARNING: load average above ${os.cpus().length} (CPUs) during the runs: other processes ` +
          'competed for the CPUs, so requests/s and latencies understate this server',
      );
    }
    console.table({
      'GET /api/health': health,
      'POST /api/candidates/email': lead,
      'POST /api/visits': visits,
    });
    const verdict = (ok) => (ok ? 'PASS' : 'MISS');
    console.log(
      [
        `ratio lead/ceiling: ${ratio.toFixed(2)} (target >= ${TARGETS.ratio}) ${verdict(ratio >= TARGETS.ratio)}`,
        `lead p99: ${lead.p99} ms (target <= ${TARGETS.p99} ms) ${verdict(lead.p99 <= TARGETS.p99)}`,
        `server CPU per request: health ${health.cpuUsPerRequest} µs, lead ${lead.cpuUsPerRequest} µs ` +
          `(CPU-bound ratio ${(health.cpuUsPerRequest / lead.cpuUsPerRequest).toFixed(2)}); ` +
          `load generator: health ${health.generatorCpuUsPerRequest} µs, lead ${lead.generatorCpuUsPerRequest} µs`,
        `visit beacon: ${visits.requestsPerSecond} req/s (target >= lead's ${lead.requestsPerSecond}) ${verdict(visits.requestsPerSecond >= lead.requestsPerSecond)}`,
        `errors: ${lead.errors + health.errors + visits.errors}, non-2xx: ${lead.non2xx + health.non2xx + visits.non2xx}, timeouts: ${lead.timeouts + health.timeouts + visits.timeouts}`,
        `leads answered 2xx: ${acknowledged.length}, found in the database: ${acknowledged.length - lost}, lost: ${lost}`,
      ].join('\n'),
    );

    await mkdir(path.join(root, 'bench-results'), { recursive: true });
    const resultFile = path.join(
      root,
      'bench-results',
      `api-${new Date().toISOString().replaceAll(':', '-')}.json`,
    );
    await writeFile(
      resultFile,
      JSON.stringify(
        {
          date: new Date().toISOString(),
          database: DATABASE_URL ? 'postgres' : 'sqlite',
          connections: CONNECTIONS,
          durationSeconds: DURATION,
          logLevel: LOG_LEVEL,
          cpus: os.cpus().length,
          loadAverage: os.loadavg(),
          health,
          lead,
          visits,
          ratio,
          acknowledged: acknowledged.length,
          lost,
        },
        null,
        2,
      ),
    );
    log(`results written to ${path.relative(root, resultFile)}`);
    const broken =
      lost > 0 ||
      lead.errors + health.errors + visits.errors > 0 ||
      lead.non2xx + health.non2xx + visits.non2xx > 0;
    process.exitCode = broken ? 1 : 0;
  } finally {
    await server?.stop();
    await removeDataDir(dataDir);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
