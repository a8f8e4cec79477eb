// What the benchmarks share: a current production build, and the built server started on a
// free port with a temporary data directory, watched through /proc (Linux) for its CPU time and
// memory, since figures from a shared machine only mean something next to what the server used.
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import { quantileSorted } from 'simple-statistics';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { currentFingerprint, root, storedFingerprint } from './build-stamp.mjs';

const SERVER_ENTRY = 'dist/server/main.js';
/** The benchmarks' posts go as a desktop browser's: other agents may be bots to isbot. */
export const BROWSER_USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';

/** The bench PostgreSQL database, when one is configured; SQLite in the data directory if not. */
export const DATABASE_URL = process.env.DATABASE_URL?.trim() || undefined;

export const buildIsCurrent = () =>
  existsSync(path.join(root, SERVER_ENTRY)) && currentFingerprint() === storedFingerprint();

/** Builds when the build is missing or older than the sources, as `npm start` does. */
export async function ensureBuild(log) {
  if (buildIsCurrent()) return log('the build is up to date');
  log('the build is missing or out of date: building first');
  const { build } = await import('./build.mjs');
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
 * Starts `node dist/server/main.js` in production mode on a free port of 127.0.0.1 with
 * DATA_DIR `dataDir` (and DATABASE_URL when set), and resolves once /api/health answers.
 * - env: variables added last (they win), e.g. LOG_LEVEL (default warn).
 * - inheritEnv: false passes only PATH, so the shell's settings cannot change what is measured.
 * - logs: 'inherit' (the terminal) or 'drain' (read and dropped, as a log shipper would: the
 *   server pays for writing them; stderr is kept for the error if it exits during start-up).
 */
export async function startServer({
  dataDir,
  env = {},
  inheritEnv = true,
  logs = 'inherit',
  timeoutMs = 90_000,
}) {
  const port = await freePort();
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: root,
    env: {
      ...(inheritEnv ? process.env : { PATH: process.env.PATH }),
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...(DATABASE_URL ? { DATABASE_URL } : {}),
      ...env,
    },
    stdio: ['ignore', logs === 'drain' ? 'pipe' : 'inherit', logs === 'drain' ? 'pipe' : 'inherit'],
  });
  let running = true;
  const exited = new Promise((resolve) =>
    child.once('exit', () => {
      running = false;
      resolve();
    }),
  );
  let stderr = '';
  if (logs === 'drain') {
    child.stdout.resume();
    child.stderr.on('data', (chunk) => (stderr += chunk));
  }
  const server = {
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    cpuMs: () => cpuMsOf(child.pid),
    rssBytes: () => rssBytesOf(child.pid),
    async stop() {
      if (running) child.kill('SIGTERM');
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

/** The body of a lead from /career: the e-mail and its attribution, as the page sends it. */
export const leadBody = (email) =>
  JSON.stringify({
    email,
    attribution: { page: '/career', variant: 'free_training', utmSource: 'bench' },
  });

/**
 * Lead POSTs (POST /api/candidates/email, a new e-mail each) by autocannon on `baseUrl`: for
 * `duration` seconds, or until the returned `stop()` (duration 0); as fast as the server answers
 * (one request in flight per connection), or `rate` a second in all. `result` resolves with
 * autocannon's result; `onAcknowledged(email)` hears each 2xx. The server must run with
 * LEAD_RATE_LIMIT=0 and SPAM_MIN_FILL_MS=0: the benchmark is one address posting thousands of leads a second.
 * `tlsOptions` (e.g. `{ ca }`) for an https:// `baseUrl` (bench:cluster, through Caddy).
 */
export function leadPosts(
  baseUrl,
  { prefix, duration, connections, rate, onAcknowledged = () => {}, tlsOptions },
) {
  let counter = 0;
  return load({
    url: baseUrl,
    connections,
    duration,
    ...(rate ? { overallRate: rate } : {}),
    ...(tlsOptions ? { tlsOptions } : {}),
    requests: [
      {
        method: 'POST',
        path: '/api/candidates/email',
        // A browser's agent and SPAM_MIN_FILL_MS=0 on the server: nothing is quarantined.
        headers: { 'content-type': 'application/json', 'user-agent': BROWSER_USER_AGENT },
        setupRequest(request, context) {
          context.email = `${prefix}-${counter++}@bench.example`;
          request.body = leadBody(context.email);
          return request;
        },
        onResponse(status, _body, context) {
          if (status >= 200 && status < 300) onAcknowledged(context.email);
        },
      },
    ],
  });
}

/** GETs of a public page as a browser asks for it, `rate` a second in all. */
export const pageGets = (baseUrl, { path: pagePath, duration, connections, rate }) =>
  load({
    url: `${baseUrl}${pagePath}`,
    connections,
    duration,
    overallRate: rate,
    headers: { 'user-agent': BROWSER_USER_AGENT, 'accept-encoding': 'br, gzip' },
  });

/**
 * autocannon's rate limit lets each connection send its whole quota at the start of every
 * second, and its latency correction then assumes one request every `ceil(1 / rate)` ms. A
 * paced load is therefore PACED_STREAMS runs, each with its share of the rate, started evenly
 * across the first second; their raw latencies make the percentiles.
 */
const PACED_STREAMS = 10;

/** An autocannon run (several when paced by `overallRate`); duration 0: until stop(). */
function load({ duration, overallRate, connections, ...options }) {
  // autocannon has no "until stopped": a day, ended by stop().
  const run = (extra) => {
    let instance;
    const result = new Promise((resolve, reject) => {
      instance = autocannon(
        { ...options, ...extra, duration: duration || 86_400 },
        (error, outcome) => (error ? reject(error) : resolve(outcome)),
      );
    });
    return { instance, result };
  };
  if (!overallRate) {
    const { instance, result } = run({ connections });
    return { result, stop: () => instance.stop() };
  }
  const latencies = [];
  const streams = [];
  const started = Array.from(
    { length: PACED_STREAMS },
    (_, index) =>
      new Promise((resolve) =>
        setTimeout(
          () => {
            const stream = run({
              connections: Math.max(1, Math.round(connections / PACED_STREAMS)),
              overallRate: overallRate / PACED_STREAMS,
              ignoreCoordinatedOmission: true,
            });
            stream.instance.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
            streams.push(stream);
            resolve(stream.result);
          },
          (index * 1000) / PACED_STREAMS,
        ),
      ),
  );
  const result = Promise.all(started).then((outcomes) => {
    latencies.sort((a, b) => a - b);
    const at = (share) => Math.round(quantileSorted(latencies, share));
    const sum = (pick) => outcomes.reduce((total, outcome) => total + pick(outcome), 0);
    return {
      requests: { average: sum((outcome) => outcome.requests.average) },
      latency: { p50: at(0.5), p99: at(0.99) },
      non2xx: sum((outcome) => outcome.non2xx),
      errors: sum((outcome) => outcome.errors),
      timeouts: sum((outcome) => outcome.timeouts),
    };
  });
  return { result, stop: () => streams.forEach((stream) => stream.instance.stop()) };
}

/** `uptime`'s load averages (1, 5, 15 min): the figures beside them mean little without them. */
export const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

/** One line per target: the figure, the target, met or not met. */
export const verdict = (label, figure, target, met) =>
  `${label}: ${figure} (target ${target}) ${met ? 'met' : 'NOT MET'}`;
