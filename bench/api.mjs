// `npm run bench:api`: the lead API's capacity targets on the production build (built first if
// missing or stale), a fresh SQLite database (WAL, each commit synced) and a free port. autocannon,
// closed loop, for BENCH_SECONDS (default 10): 20 connections post new leads (a new e-mail each)
// while 5 connections read the home page. Then the outbox: how many messages were still to send
// when the load stopped, and how long they took. Then, under the same lead load, the server is
// killed with SIGKILL, and every lead it had acknowledged must be in the database.
// Targets: at least 2,000 lead POSTs a second with p99 <= 50 ms, home page p99 <= 50 ms,
// no acknowledged lead lost. One line per target, with the load average beside it.
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import {
  ensureBuild,
  figures,
  leadPosts,
  loadAverage,
  makeDataDir,
  pageGets,
  removeDataDir,
  SQLITE_FILE,
  startServer,
  verdict,
} from './server.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const LEAD_CONNECTIONS = 20;
const PAGE_CONNECTIONS = 5;
const TARGETS = { leadsPerSecond: 2000, p99: 50 };

const log = (message) => console.log(`[bench:api] ${message}`);
const show = (label, run) =>
  log(
    `${label.padEnd(36)} ${String(run.perSecond).padStart(6)}/s   p50 ${String(run.p50).padStart(3)} ms   p99 ${String(run.p99).padStart(3)} ms   failed ${run.failed}   (load ${loadAverage()})`,
  );
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Messages of the outbox due now and not yet sent (pending, and not given up). */
const unsent = (file) =>
  file
    .prepare(
      "select count(*) from outbox_messages where state = 'pending' and next_attempt_at <= ?",
    )
    .pluck()
    .get(new Date().toISOString());

/** Messages held for later, as confirmations are for CONFIRMATION_DELAY. */
const held = (file) =>
  file
    .prepare("select count(*) from outbox_messages where state = 'pending' and next_attempt_at > ?")
    .pluck()
    .get(new Date().toISOString());

/** Waits until the outbox has sent everything; its backlog then and the seconds it took. */
async function outboxDrain(dataDir) {
  const file = new Database(path.join(dataDir, SQLITE_FILE), { readonly: true });
  try {
    const backlog = unsent(file);
    const started = performance.now();
    while (unsent(file) > 0 && performance.now() - started < 120_000) await sleep(100);
    return {
      backlog,
      seconds: (performance.now() - started) / 1000,
      left: unsent(file),
      held: held(file),
    };
  } finally {
    file.close();
  }
}

/** Lead POSTs on the server until it is killed with SIGKILL; the acknowledged leads not stored. */
async function leadsLostInACrash(dataDir) {
  const server = await startServer({ dataDir });
  const acknowledged = [];
  const posts = leadPosts(server.baseUrl, {
    prefix: `crash-${Date.now().toString(36)}`,
    duration: 0,
    connections: LEAD_CONNECTIONS,
    onAcknowledged: (email) => acknowledged.push(email),
  });
  await sleep(3000);
  await server.stop('SIGKILL');
  posts.stop();
  await posts.result;
  // Opening the file writable recovers its write-ahead log, as the next start would.
  const file = new Database(path.join(dataDir, SQLITE_FILE));
  try {
    const stored = new Set(
      file
        .prepare("select email_normalized from candidates where email like 'crash-%'")
        .pluck()
        .all(),
    );
    return {
      acknowledged: acknowledged.length,
      lost: acknowledged.filter((e) => !stored.has(e)).length,
    };
  } finally {
    file.close();
  }
}

async function main() {
  await ensureBuild(log);
  const dataDir = await makeDataDir('tb-bench-api-');
  let server;
  try {
    server = await startServer({ dataDir });
    log(`SQLite, ${os.cpus().length} CPUs, ${SECONDS} s, load ${loadAverage()}`);
    const prefix = `bench-${Date.now().toString(36)}`;
    // Warm-up: JIT, connections, the page cache.
    await leadPosts(server.baseUrl, { prefix: `${prefix}-w`, duration: 2, connections: 20 }).result;

    const cpuBefore = server.cpuMs();
    const [leads, pages] = (
      await Promise.all([
        leadPosts(server.baseUrl, { prefix, duration: SECONDS, connections: LEAD_CONNECTIONS })
          .result,
        pageGets(server.baseUrl, { path: '/', duration: SECONDS, connections: PAGE_CONNECTIONS })
          .result,
      ])
    ).map(figures);
    const cpuUs = ((server.cpuMs() - cpuBefore) * 1000) / (leads.total + pages.total);
    show(`lead POSTs, ${LEAD_CONNECTIONS} connections`, leads);
    show(`GET / beside them, ${PAGE_CONNECTIONS} connections`, pages);
    log(`server CPU per request (all threads): ${cpuUs.toFixed(0)} µs`);
    const outbox = await outboxDrain(dataDir);
    log(
      `outbox: ${outbox.backlog} messages due and unsent when the load stopped, sent in ${outbox.seconds.toFixed(1)} s (${outbox.left} left); ${outbox.held} held for CONFIRMATION_DELAY`,
    );
    await server.stop();
    const crash = await leadsLostInACrash(dataDir);
    const failed = leads.failed + pages.failed;
    console.log(
      [
        verdict(
          'lead POSTs a second',
          leads.perSecond,
          `>= ${TARGETS.leadsPerSecond}`,
          leads.perSecond >= TARGETS.leadsPerSecond,
        ),
        verdict('lead p99', `${leads.p99} ms`, `<= ${TARGETS.p99} ms`, leads.p99 <= TARGETS.p99),
        verdict(
          'home page p99',
          `${pages.p99} ms`,
          `<= ${TARGETS.p99} ms`,
          pages.p99 <= TARGETS.p99,
        ),
        verdict('failed requests', failed, '0', failed === 0),
        verdict(
          `acknowledged leads lost to SIGKILL (of ${crash.acknowledged})`,
          crash.lost,
          '0',
          crash.lost === 0,
        ),
        `load average (uptime): ${loadAverage()} on ${os.cpus().length} CPUs`,
      ].join('\n'),
    );
    process.exitCode = crash.lost > 0 || failed > 0 ? 1 : 0;
  } finally {
    await server?.stop();
    await removeDataDir(dataDir);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
