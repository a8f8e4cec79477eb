// `npm run bench:backup`: backups at a million leads (decision 130). Seeds LEADS (default
// 1,000,000) into a temporary SQLite database, starts the built server on it and prints:
// - the database's size;
// - lead POSTs alone for LEAD_SECONDS (throughput, p99, max);
// - `npm run backup` (its own process) while lead POSTs go on: its time and the backup's size,
//   and the lead figures meanwhile;
// - the server's scheduled backup (BACKUP_INTERVAL_HOURS, in steps on its connection), timed from
//   its partial file appearing to the finished one, with the lead figures meanwhile;
// - `npm run restore` of that backup into an empty DATA_DIR (checksums, integrity check).
// Every lead POST acknowledged must be answered 2xx: `failed` counts the others.
// Options: LEADS, LEAD_CONNECTIONS (default 50), LEAD_SECONDS (default 10).
import { execFile } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { seedSqlite, TOTAL } from './bench-leads.mjs';
import {
  ensureBuild,
  leadPosts,
  makeDataDir,
  removeDataDir,
  startServer,
} from './bench-server.mjs';
import { root } from './build-stamp.mjs';

const execFileAsync = promisify(execFile);
const LEAD_SECONDS = Number(process.env.LEAD_SECONDS ?? 10);
const LEAD_CONNECTIONS = Number(process.env.LEAD_CONNECTIONS ?? 50);
/** The scheduled backup's first run comes this long after the server started. */
const SCHEDULE_SECONDS = 15;
const log = (message) => console.log(`[bench:backup] ${message}`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

const serverEnv = (extra = {}) => ({
  env: { LEAD_RATE_LIMIT: '0', SPAM_MIN_FILL_MS: '0', ...extra },
  // Only PATH from the shell: its settings must not change what is measured.
  inheritEnv: false,
  logs: 'drain',
  timeoutMs: 60_000,
});

/** `npm run backup|restore` as npm runs it (tsx), with DATA_DIR only. */
async function script(name, dataDir, args = []) {
  const started = performance.now();
  const { stdout } = await execFileAsync(
    process.execPath,
    ['--import', 'tsx', `scripts/${name}.ts`, ...args],
    { cwd: root, env: { PATH: process.env.PATH, DATA_DIR: dataDir } },
  );
  return { stdout, seconds: (performance.now() - started) / 1000 };
}

/** Lead POSTs while `during()` runs, or for LEAD_SECONDS. */
async function leadsWhile(server, label, during) {
  const started = performance.now();
  const posts = leadPosts(server.baseUrl, {
    prefix: `bench-backup-${Date.now().toString(36)}`,
    duration: during ? 0 : LEAD_SECONDS,
    connections: LEAD_CONNECTIONS,
  });
  const value = during ? await during() : undefined;
  if (during) posts.stop();
  const result = await posts.result;
  const seconds = (performance.now() - started) / 1000;
  log(
    `lead POSTs, ${label.padEnd(34)} ${(result.requests.total / seconds).toFixed(0).padStart(6)}/s   p50 ${String(result.latency.p50).padStart(4)} ms   p99 ${String(result.latency.p99).padStart(4)} ms   max ${String(result.latency.max).padStart(5)} ms   failed ${result.non2xx + result.errors + result.timeouts}   over ${seconds.toFixed(1)} s`,
  );
  return value;
}

const backupsIn = (dataDir) => {
  try {
    return readdirSync(path.join(dataDir, 'backups'));
  } catch {
    return [];
  }
};

/** Resolves when `test(names in DATA_DIR/backups)` holds (polled every 20 ms). */
async function until(dataDir, test) {
  for (;;) {
    const found = test(backupsIn(dataDir));
    if (found) return found;
    await sleep(20);
  }
}

async function main() {
  await ensureBuild(log);
  const dataDir = await makeDataDir('tb-bench-backup-');
  const restoreDir = await makeDataDir('tb-bench-restore-');
  let server;
  try {
    log(`${TOTAL} leads on SQLite in ${dataDir}`);
    await (await startServer({ dataDir, ...serverEnv() })).stop();
    const seeding = performance.now();
    seedSqlite(path.join(dataDir, 'talent-bridge.sqlite'), log);
    log(`seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);
    log(`database ${mb(statSync(path.join(dataDir, 'talent-bridge.sqlite')).size)}`);

    server = await startServer({ dataDir, ...serverEnv() });
    log(`load average ${loadAverage()} (${os.cpus().length} CPUs)`);
    await leadsWhile(server, 'alone');
    // npm run backup in its own process, while lead POSTs go on.
    const cli = await leadsWhile(server, 'during npm run backup', () => script('backup', dataDir));
    const written = /Backup written: (.+) \(([\d.]+) MB, ([\d.]+) s\)/.exec(cli.stdout);
    log(
      `npm run backup: ${written[3]} s inside (${cli.seconds.toFixed(1)} s with the process start), ${written[2]} MB`,
    );
    await server.stop();

    // The server's own backup, SCHEDULE_SECONDS after it starts: lead POSTs from its partial
    // file's appearance until the finished file is there.
    server = await startServer({
      dataDir,
      ...serverEnv({ BACKUP_INTERVAL_HOURS: String(SCHEDULE_SECONDS / 3600), BACKUP_KEEP: '10' }),
    });
    const finished = () => backupsIn(dataDir).filter((name) => name.endsWith('.sqlite'));
    const before = finished().length;
    await until(dataDir, (names) => names.some((name) => name.endsWith('.partial')));
    const scheduled = await leadsWhile(server, 'during the scheduled backup', async () => {
      const began = performance.now();
      while (finished().length === before) await sleep(20);
      return { seconds: (performance.now() - began) / 1000, name: finished().sort().at(-1) };
    });
    const scheduledFile = path.join(dataDir, 'backups', scheduled.name);
    log(
      `scheduled backup (server): ${scheduled.seconds.toFixed(1)} s, ${mb(statSync(scheduledFile).size)} (${scheduled.name})`,
    );
    await server.stop();
    server = undefined;

    const restore = await script('restore', restoreDir, [scheduledFile]);
    log(
      `npm run restore into an empty DATA_DIR: ${restore.seconds.toFixed(1)} s (checksum, integrity_check, copy, checksum of the copy)`,
    );
    log(`load average ${loadAverage()}`);
  } finally {
    await server?.stop();
    await removeDataDir(dataDir);
    await removeDataDir(restoreDir);
  }
}

await main();
