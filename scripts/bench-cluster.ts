// `npm run bench:cluster`: lead posts on PostgreSQL with one instance, and with two behind
// Caddy (issue 13, docs/deploy.md). Starts the production build (building first when stale)
// on DATABASE_URL, then autocannon (BENCH_CONNECTIONS, default 100, for BENCH_DURATION s,
// default 10) on POST /api/candidates/email with a new e-mail per request:
//   1. one instance, straight (HTTP);
//   2. the same instance behind Caddy (deploy/Caddyfile, HTTPS with Caddy's internal CA): the
//      proxy's own cost;
//   3. two instances behind Caddy.
// Prints requests/s, p50/p99/max latency, non-2xx and errors, the instances' CPU per request and
// the load average, and checks that every lead answered 2xx is in the database.
// DATABASE_URL: a disposable PostgreSQL database (rows are added, never removed); unset, a
// throw-away PostgreSQL 15 is started (as the tests do, but with its fsyncs on) and removed.
import os from 'node:os';
import pg from 'pg';
import { caddyUnavailableReason, startCaddy, type CaddyProcess } from '../tests/support/caddy';
import {
  postgresUnavailableReason,
  startPostgres,
  type PostgresServer,
} from '../tests/support/postgres';
import {
  ensureBuild,
  leadPosts,
  makeDataDir,
  removeDataDir,
  startServer,
  type BenchServer,
} from './bench-server.mjs';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
let DATABASE_URL = process.env.DATABASE_URL?.trim();
const log = (message: string) => console.log(`[bench:cluster] ${message}`);

interface Setup {
  name: string;
  instances: BenchServer[];
  url: string;
  ca?: string;
}

async function measure(setup: Setup, runId: string, acknowledged: string[]) {
  const tlsOptions = setup.ca ? { ca: setup.ca } : undefined;
  const posts = (prefix: string, duration: number, onAcknowledged?: (email: string) => void) =>
    leadPosts(setup.url, {
      prefix,
      duration,
      connections: CONNECTIONS,
      ...(onAcknowledged ? { onAcknowledged } : {}),
      ...(tlsOptions ? { tlsOptions } : {}),
    }).result;
  await posts(`${runId}-warmup`, 2);
  const load = os.loadavg()[0] ?? 0;
  const cpuBefore = setup.instances.map((instance) => instance.cpuMs());
  const result = await posts(`${runId}-lead`, DURATION, (email) => acknowledged.push(email));
  const cpuMs = setup.instances.reduce(
    (sum, instance, index) => sum + instance.cpuMs() - (cpuBefore[index] ?? 0),
    0,
  );
  return {
    'lead req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    'max ms': result.latency.max,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    'instances CPU µs/lead': Math.round((cpuMs * 1000) / Math.max(result.requests.total, 1)),
    'load before': Number(load.toFixed(1)),
  };
}

async function lostLeads(runId: string, acknowledged: string[]): Promise<number> {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ email_normalized: string }>(
      'select email_normalized from candidates where email_normalized like $1',
      [`${runId}-%`],
    );
    const stored = new Set(rows.map((row) => row.email_normalized));
    return acknowledged.filter((email) => !stored.has(email)).length;
  } finally {
    await client.end();
  }
}

async function main() {
  const missing = caddyUnavailableReason();
  if (missing) throw new Error(`bench:cluster needs Caddy: ${missing}`);
  let postgres: PostgresServer | undefined;
  if (!DATABASE_URL) {
    const reason = await postgresUnavailableReason();
    if (reason) throw new Error(`bench:cluster needs DATABASE_URL or PostgreSQL 15: ${reason}`);
    postgres = await startPostgres({ durable: true });
    DATABASE_URL = postgres.url;
    log('a throw-away PostgreSQL 15 (fsync on)');
  }
  try {
    await runAll();
  } finally {
    await postgres?.stop();
  }
}

async function runAll() {
  await ensureBuild(log);
  const dirs: string[] = [];
  const instances: BenchServer[] = [];
  let caddy: CaddyProcess | undefined;
  const start = async () => {
    const dataDir = await makeDataDir('tb-bench-cluster-');
    dirs.push(dataDir);
    const instance = await startServer({
      dataDir,
      inheritEnv: false,
      logs: 'drain',
      // One address posts thousands of leads a second: no per-address limits, no time trap.
      env: {
        DATABASE_URL: DATABASE_URL!,
        LOG_LEVEL: 'info',
        LEAD_RATE_LIMIT: '0',
        SPAM_MIN_FILL_MS: '0',
        TRUST_PROXY: 'loopback',
        ADMIN_PASSWORD: 'bench-admin-password',
      },
    });
    instances.push(instance);
    return instance;
  };
  const upstreams = () => instances.map((instance) => `127.0.0.1:${instance.port}`);
  const table: Record<string, Awaited<ReturnType<typeof measure>>> = {};
  const acknowledged: string[] = [];
  const runId = `cluster-${Date.now().toString(36)}`;
  try {
    log(
      `PostgreSQL, ${CONNECTIONS} connections, ${DURATION} s per run, LOG_LEVEL=info, ` +
        `${os.cpus().length} CPUs`,
    );
    const first = await start();
    log('one instance, straight');
    table['1 instance'] = await measure(
      { name: 'one', instances, url: first.baseUrl },
      `${runId}-a`,
      acknowledged,
    );
    caddy = await startCaddy(upstreams(), { logLevel: 'INFO' });
    log('one instance behind Caddy');
    table['1 instance, Caddy'] = await measure(
      { name: 'one-caddy', instances, url: caddy.url, ca: caddy.ca },
      `${runId}-b`,
      acknowledged,
    );
    await caddy.stop();
    await start();
    caddy = await startCaddy(upstreams(), { logLevel: 'INFO' });
    log('two instances behind Caddy');
    table['2 instances, Caddy'] = await measure(
      { name: 'two-caddy', instances, url: caddy.url, ca: caddy.ca },
      `${runId}-c`,
      acknowledged,
    );
  } finally {
    await caddy?.stop();
    for (const instance of instances) await instance.stop();
    for (const dir of dirs) await removeDataDir(dir);
  }
  console.table(table);
  const lost = await lostLeads(runId, acknowledged);
  console.log(`leads answered 2xx: ${acknowledged.length}, lost: ${lost}`);
  if (Math.max(...Object.values(table).map((row) => row['load before'])) > os.cpus().length) {
    log(
      `WARNING: load average above ${os.cpus().length} (CPUs): other processes competed for ` +
        'the CPUs, so requests/s and latencies understate what these processes can do',
    );
  }
  if (lost > 0) process.exitCode = 1;
}

await main();
