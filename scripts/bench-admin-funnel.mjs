// bench:admin's funnel with ad spend (issue 24): FUNNEL_LEADS (default 1,000,000) leads and two
// years of daily spend for 200 campaigns (146,000 rows) seeded into a database of their own, then
// GET /api/admin/funnel for the last 30 days (the Overview's default; target p95 <= 200 ms) and
// for the last year, one request at a time. Alone: `FUNNEL_LEADS=20000 node
// scripts/bench-admin-funnel.mjs` (a quick check; the production build must exist).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { DATABASE_URL, loadAverage, makeDataDir, removeDataDir, verdict } from './bench-server.mjs';

const FUNNEL_LEADS = Number(process.env.FUNNEL_LEADS ?? 1_000_000);
const CAMPAIGNS = 200;
const DAYS = 730;
const TARGET_P95 = 200;
const DAY_MS = 86_400_000;

/** 200 campaigns' daily spend for two years; four of them are the seeded leads' campaigns. */
function* spendRows() {
  const now = new Date().toISOString();
  for (let day = 0; day < DAYS; day++) {
    const date = new Date(Date.now() - day * DAY_MS).toISOString().slice(0, 10);
    for (let campaign = 0; campaign < CAMPAIGNS; campaign++) {
      yield [
        date,
        'facebook',
        `2385${String(campaign).padStart(8, '0')}`,
        campaign < 4 ? `spring-${campaign}` : `campaign-${campaign}`,
        'USD',
        1000 + ((day * 31 + campaign * 17) % 50_000),
        10_000,
        300,
        'meta',
        now,
      ];
    }
  }
}

const COLUMNS =
  'day, source, campaign, campaign_name, currency, amount_minor, impressions, clicks, origin, updated_at';

async function seedSpend(dataDir) {
  if (!DATABASE_URL) {
    const db = new SqliteDatabase(path.join(dataDir, 'talent-bridge.sqlite'));
    const insert = db.prepare(
      `insert into ad_spend (${COLUMNS}) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    db.transaction(() => {
      for (const row of spendRows()) insert.run(row);
    })();
    db.close();
    return;
  }
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    await client.query('truncate ad_spend');
    let rows = [];
    const flush = async () => {
      const tuples = rows.map(
        (_, r) =>
          `(${COLUMNS.split(', ')
            .map((_, c) => `$${r * 10 + c + 1}`)
            .join(', ')})`,
      );
      await client.query(
        `insert into ad_spend (${COLUMNS}) values ${tuples.join(', ')}`,
        rows.flat(),
      );
      rows = [];
    };
    for (const row of spendRows()) {
      rows.push(row);
      if (rows.length === 2000) await flush();
    }
    if (rows.length > 0) await flush();
    await client.query('vacuum analyze ad_spend');
  } finally {
    await client.end();
  }
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function p95(server, cookie, url, requests) {
  const times = [];
  for (let i = 0; i < requests; i++) {
    const started = performance.now();
    const response = await fetch(`${server.baseUrl}${url}`, { headers: { cookie } });
    const body = await response.json();
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    if (i === 0 && body.currency !== 'USD') throw new Error(`${url}: no spend in the answer`);
    times.push(performance.now() - started);
  }
  return percentile(
    times.sort((a, b) => a - b),
    95,
  );
}

/**
 * `seed(dataDir, count)` fills a migrated database with leads; `startAdminServer(dataDir)` and
 * `signIn(server)` are bench:admin's own.
 */
export async function benchFunnel({ seed, startAdminServer, signIn, log }) {
  const dataDir = await makeDataDir('tb-bench-funnel-');
  let server;
  try {
    await (await startAdminServer(dataDir)).stop();
    await seed(dataDir, FUNNEL_LEADS);
    await seedSpend(dataDir);
    server = await startAdminServer(dataDir);
    const cookie = await signIn(server);
    const day = (daysAgo) => new Date(Date.now() - daysAgo * DAY_MS).toISOString().slice(0, 10);
    const month = await p95(server, cookie, `/api/admin/funnel?from=${day(29)}&to=${day(0)}`, 50);
    const year = await p95(server, cookie, `/api/admin/funnel?from=${day(364)}&to=${day(0)}`, 10);
    log(
      `funnel with spend at ${FUNNEL_LEADS} leads, ${CAMPAIGNS} campaigns x ${DAYS} days of spend: p95 last 30 days ${month.toFixed(1)} ms, last year ${year.toFixed(1)} ms   (load ${loadAverage()})`,
    );
    console.log(
      verdict(
        'funnel with spend p95 (last 30 days)',
        `${month.toFixed(1)} ms`,
        `<= ${TARGET_P95} ms`,
        month <= TARGET_P95,
      ),
    );
    return { month, year };
  } finally {
    await server?.stop();
    await removeDataDir(dataDir);
  }
}

// Alone: bench-admin.mjs's seeding and server (not awaited at the top: it imports this module).
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  import('./bench-admin.mjs')
    .then(({ benchAdminParts }) => benchFunnel(benchAdminParts))
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
