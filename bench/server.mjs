// What the benchmarks share: a current production build, the built server started on a free port
// with a temporary SQLite data directory (its CPU time read from /proc: figures from a shared
// machine only mean something beside what the server used), and autocannon's closed-loop load.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { currentFingerprint, root, storedFingerprint } from '../scripts/build-stamp.mjs';

const SERVER_ENTRY = 'dist/server/main.js';
export const SQLITE_FILE = 'talent-bridge.sqlite';
/** The benchmarks' requests go as a desktop browser's: other agents may be bots to isbot. */
export const BROWSER_USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';

export const buildIsCurrent = () =>
  existsSync(path.join(root, SERVER_ENTRY)) && currentFingerprint() === storedFingerprint();

/** Builds when the build is missing or older than the sources, as `npm start` does. */
export async function ensureBuild(log) {
  if (buildIsCurrent()) return log('the build is up to date');
  log('the build is missing or out of date: building first');
  const { build } = await import('../scripts/build.mjs');
  await build();
}

/** A TCP port on 127.0.0.1 that nothing listens on right now. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export const makeDataDir = (prefix) => mkdtemp(path.join(os.tmpdir(), prefix));
export const removeDataDir = (dir) => rm(dir, { recursive: true, force: true });

/** CPU time (user + system, all threads) the process has used so far, in ms. */
function cpuMsOf(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // utime and stime, fields 14 and 15, after the command name (which may hold spaces).
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10; // USER_HZ is 100 on Linux
}

/** Resident memory of the process, in bytes. */
function rssBytesOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts `node dist/server/main.js` in production mode on a free port of 127.0.0.1 with DATA_DIR
 * `dataDir` and only PATH from the shell (its settings cannot change what is measured), and
 * resolves once /api/health answers. Its logs are read and dropped, as a log shipper would: the
 * server pays for writing them. One address posts thousands of leads a second, so no per-address
 * cap and no time trap (the posts carry no form-time token). `env` is added last.
 */
export async function startServer({ dataDir, env = {}, nodeOptions = [], timeoutMs = 90_000 }) {
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeOptions, SERVER_ENTRY], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      LEAD_RATE_LIMIT: '0',
      SPAM_MIN_FILL_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let running = true;
  const exited = new Promise((resolve) =>
    child.once('exit', () => {
      running = false;
      resolve();
    }),
  );
  let stderr = '';
  child.stdout.resume();
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const server = {
    baseUrl: `http://127.0.0.1:${port}`,
    cpuMs: () => cpuMsOf(child.pid),
    rssBytes: () => rssBytesOf(child.pid),
    async stop(signal = 'SIGTERM') {
      if (running) child.kill(signal);
      await exited;
    },
  };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!running) throw new Error(`the server exited during start-up${stderr && `: ${stderr}`}`);
    try {
      if ((await fetch(`${server.baseUrl}/api/health`)).ok) return server;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not answer /api/health within ${timeoutMs / 1000} s`);
}

/** autocannon, closed loop (one request in flight per connection); `duration` 0: until stop(). */
function load(options) {
  let instance;
  const result = new Promise((resolve, reject) => {
    // autocannon has no "until stopped": a day, ended by stop().
    instance = autocannon({ ...options, duration: options.duration || 86_400 }, (error, outcome) =>
      error ? reject(error) : resolve(outcome),
    );
  });
  return { result, stop: () => instance.stop() };
}

/**
 * Lead POSTs from /career (POST /api/candidates/email, a new e-mail each) on `connections`
 * connections. `onAcknowledged(email)` hears each 2xx.
 */
export function leadPosts(baseUrl, { prefix, duration, connections, onAcknowledged = () => {} }) {
  let counter = 0;
  return load({
    url: baseUrl,
    connections,
    duration,
    requests: [
      {
        method: 'POST',
        path: '/api/candidates/email',
        headers: { 'content-type': 'application/json', 'user-agent': BROWSER_USER_AGENT },
        setupRequest(request, context) {
          context.email = `${prefix}-${counter++}@bench.example`;
          request.body = JSON.stringify({
            email: context.email,
            attribution: { page: '/career', variant: 'free_training', utmSource: 'bench' },
          });
          return request;
        },
        onResponse(status, _body, context) {
          if (status >= 200 && status < 300) onAcknowledged(context.email);
        },
      },
    ],
  });
}

/** GETs of a public page as a browser asks for it. */
export const pageGets = (baseUrl, { path: pagePath, duration, connections }) =>
  load({
    url: `${baseUrl}${pagePath}`,
    connections,
    duration,
    headers: { 'user-agent': BROWSER_USER_AGENT, 'accept-encoding': 'br, gzip' },
  });

/** The figures a run is judged by. */
export const figures = ({ requests, latency, non2xx, errors, timeouts }) => ({
  perSecond: Math.round(requests.average),
  total: requests.total,
  p50: latency.p50,
  p99: latency.p99,
  failed: non2xx + errors + timeouts,
});

/** `uptime`'s load averages (1, 5, 15 min): the figures beside them mean little without them. */
export const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

/** One line per target: the figure, the target, met or not met. */
export const verdict = (label, figure, target, met) =>
  `${label}: ${figure} (target ${target}) ${met ? 'met' : 'NOT MET'}`;
