// The recruiter's desk (issue 42) at DESK_LEADS (default 1,000,000) leads on SQLite: the lead
// drawer's one request (GET /api/candidate-submissions/:id/drawer), asked one at a time for leads
// spread over the whole table, each with a few notes. Part of `npm run bench:admin`; alone:
// `node bench/admin-desk.mjs`. Each measure is one entry of MEASURES: (server, cookie, ids) ->
// its verdict line. Then the Candidates list's pages sorted by each column, and phone searches.
// Targets: the drawer's p95 <= 50 ms, the list's <= 100 ms.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { randomBytes } from 'node:crypto';
import SqliteDatabase from 'better-sqlite3';
import { seedSqlite } from './seed-leads.mjs';
import {
  ensureBuild,
  loadAverage,
  makeDataDir,
  removeDataDir,
  SQLITE_FILE,
  startServer,
  verdict,
} from './server.mjs';

const LEADS = Number(process.env.DESK_LEADS ?? 1_000_000);
const SAMPLES = 300;
const TARGETS = { drawerP95: 50, listP95: 100 };
const PASSWORD = randomBytes(18).toString('base64url');
const log = (message) => console.log(`[bench:admin desk] ${message}`);

const ms = (value) => `${value.toFixed(1)} ms`;
const percentile = (times, share) =>
  [...times].sort((a, b) => a - b)[Math.ceil(share * times.length) - 1];

/** `SAMPLES` candidate ids spread evenly over the table, oldest to newest. */
function spreadIds(file) {
  const db = new SqliteDatabase(file, { readonly: true });
  const { low, high } = db.prepare('select min(id) low, max(id) high from candidates').get();
  const pick = db.prepare('select id from candidates where id >= ? order by id limit 1');
  const ids = [];
  for (let i = 0; i < SAMPLES; i++)
    ids.push(pick.get(low + Math.floor(((high - low) * i) / SAMPLES)).id);
  db.close();
  return ids;
}

async function call(server, cookie, method, url, body) {
  const response = await fetch(`${server.baseUrl}${url}`, {
    method,
    headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body && JSON.stringify(body),
  });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status}`);
}

/** The drawer of each sampled lead once, in a shuffled order (no lead's pages warm the next). */
async function drawerTimes(server, cookie, ids) {
  for (const id of ids.slice(0, 50)) {
    for (const text of ['Left a voicemail.', 'Call back on Monday.']) {
      await call(server, cookie, 'POST', `/api/candidate-submissions/${id}/notes`, { text });
    }
  }
  const order = [...ids].sort((a, b) => ((a * 7919) % 1009) - ((b * 7919) % 1009));
  const times = [];
  for (const id of order) {
    const started = performance.now();
    await call(server, cookie, 'GET', `/api/candidate-submissions/${id}/drawer`);
    times.push(performance.now() - started);
  }
  const p50 = percentile(times, 0.5);
  const p95 = percentile(times, 0.95);
  log(`lead drawer, ${times.length} leads once each: p50 ${ms(p50)}, p95 ${ms(p95)}`);
  return verdict(
    'lead drawer request p95',
    ms(p95),
    `<= ${TARGETS.drawerP95} ms`,
    p95 <= TARGETS.drawerP95,
  );
}

const LIST = '/api/candidate-submissions?type=regular&limit=25';
const SORTS = ['name', 'status', 'owner', 'source', 'activity', 'created'];

/**
 * `url` asked 30 times, one at a time, searching `search` (in the X-Search header, as the dashboard
 * sends it): its p95; and its first answer's X-Next-Cursor.
 */
async function listP95(server, cookie, url, search) {
  const headers = { cookie, ...(search ? { 'X-Search': encodeURIComponent(search) } : {}) };
  const times = [];
  let next = null;
  for (let i = 0; i < 30; i++) {
    const started = performance.now();
    const response = await fetch(`${server.baseUrl}${url}`, { headers });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
    times.push(performance.now() - started);
    next ??= response.headers.get('x-next-cursor');
  }
  return { p95: percentile(times, 0.95), next };
}

/** The worst p95 of `requests` ({ url, search }), logged with the one that gave it. */
async function worstP95(server, cookie, label, requests) {
  let worst = { p95: 0, url: '' };
  for (const { url, search } of requests) {
    const { p95 } = await listP95(server, cookie, url, search);
    if (p95 > worst.p95) worst = { p95, url: search ? `${url}, searching "${search}"` : url };
  }
  log(`${label}: worst p95 ${ms(worst.p95)} (${worst.url})`);
  return worst.p95;
}

/** The Candidates list sorted by each column both ways: its first page, the next by cursor, the 41st. */
async function sortedPages(server, cookie) {
  const urls = [];
  for (const sort of SORTS.flatMap((key) => [key, `-${key}`])) {
    const first = `${LIST}&sort=${sort}`;
    const { next } = await listP95(server, cookie, first);
    urls.push(first, `${first}&cursor=${encodeURIComponent(next)}`, `${first}&offset=1000`);
  }
  const requests = urls.map((url) => ({ url }));
  const p95 = await worstP95(server, cookie, 'list sorted pages', requests);
  return verdict(
    'list sorted page p95 (worst sort and page)',
    ms(p95),
    `<= ${TARGETS.listP95} ms`,
    p95 <= TARGETS.listP95,
  );
}

/** Phone searches as typed after a missed call; one area code (half the leads) has no target. */
async function phoneSearches(server, cookie) {
  const search = (words) => ({ url: LIST, search: words });
  const p95 = await worstP95(
    server,
    cookie,
    'phone search',
    ['(602) 555-01', '+1 (602) 555-0101'].map(search),
  );
  // A search reads what it matches (decision 024): here half the table.
  await worstP95(server, cookie, 'phone search of one area code, "602" (no target)', [
    search('602'),
  ]);
  return verdict(
    'list phone search p95',
    ms(p95),
    `<= ${TARGETS.listP95} ms`,
    p95 <= TARGETS.listP95,
  );
}

/** What the desk measures; each answers its verdict line. */
const MEASURES = [drawerTimes, sortedPages, phoneSearches];

/** Seeds DESK_LEADS leads, starts the built server, runs MEASURES; their verdict lines. */
export async function deskVerdicts() {
  const dataDir = await makeDataDir('tb-bench-desk-');
  const env = { ADMIN_PASSWORD: PASSWORD };
  let server;
  try {
    // A first start creates the schema (the server migrates); then the bulk load.
    await (await startServer({ dataDir, env })).stop();
    const file = path.join(dataDir, SQLITE_FILE);
    const seeded = performance.now();
    seedSqlite(file, log, LEADS);
    log(`${LEADS} leads seeded in ${((performance.now() - seeded) / 1000).toFixed(0)} s`);
    const ids = spreadIds(file);
    server = await startServer({ dataDir, env, timeoutMs: 600_000 });
    const login = await fetch(`${server.baseUrl}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: PASSWORD }),
    });
    if (!login.ok) throw new Error(`sign-in failed: ${login.status}`);
    const cookie = login.headers.get('set-cookie').split(';')[0];
    const lines = [];
    for (const measure of MEASURES) lines.push(await measure(server, cookie, ids));
    return [...lines, `desk at ${LEADS} leads, load average ${loadAverage()}`];
  } finally {
    await server?.stop();
    await removeDataDir(dataDir);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  await ensureBuild(log);
  console.log((await deskVerdicts()).join('\n'));
}
