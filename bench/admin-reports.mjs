// bench:admin's reports (issue 40): /api/health asked one request at a time, alone, then while two
// admins ask the widest funnel (two years, back to back), then while an owner also uploads the
// largest spend file allowed (40,000 rows, just under 16 MB). Its p99 is the server's answer time
// to everyone else while a report or an upload runs.
import http from 'node:http';
import SqliteDatabase from 'better-sqlite3';

const DAY_MS = 86_400_000;
const dayOf = (time) => new Date(time).toISOString().slice(0, 10);
/** The widest range the funnel takes: 731 days, today included. */
const WIDEST = `from=${dayOf(Date.now() - 730 * DAY_MS)}&to=${dayOf(Date.now())}`;
const VISIT_ROWS_PER_DAY = 1000; // the visit counter's cap of rows a day (visit-counter.ts)
const SOURCES = ['google', 'facebook', 'linkedin', 'newsletter', ''];

/** Two years of visit aggregates at the counter's daily cap, written straight into the file. */
export function seedVisitDays(file, log) {
  const db = new SqliteDatabase(file);
  db.pragma('synchronous = OFF'); // seeding only: the server reopens with its own settings
  const insert = db.prepare(
    'insert into visit_days (day, page, landing_variant, utm_source, utm_campaign, visitors) values (?, ?, ?, ?, ?, ?)',
  );
  db.transaction(() => {
    for (let day = 0; day < 731; day++) {
      const date = dayOf(Date.now() - day * DAY_MS);
      for (let k = 0; k < VISIT_ROWS_PER_DAY; k++) {
        const variant = ['free_training', 'high_salary', ''][k % 3];
        const page = variant === 'free_training' ? '/career' : variant ? '/training' : '/';
        // The seeded leads' campaigns are spring-0..3 (seed-leads.mjs); the others are new each
        // day, as made-up values would be: the funnel's most keys.
        const campaign = k < 4 ? `spring-${k}` : `campaign-${day}-${k}`;
        insert.run(date, page, variant, SOURCES[k % SOURCES.length], campaign, 1 + (k % 7));
      }
    }
  })();
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  log(`seeded ${731 * VISIT_ROWS_PER_DAY} visit rows (two years at the daily cap)`);
}

/** The largest upload: 40,000 rows of long names over two years, just under 16 MB. */
function largestSpendCsv() {
  const long = 'x'.repeat(180);
  const lines = ['date,source,campaign,spend,currency'];
  for (let row = 0; row < 40_000; row++)
    lines.push(
      `${dayOf(Date.now() - (row % 730) * DAY_MS)},src-${long},c${row}-${long},${row}.125,KWD`,
    );
  return `${lines.join('\n')}\n`;
}

const percentile = (sorted, share) =>
  sorted[Math.max(0, Math.ceil(share * sorted.length) - 1)] ?? 0;
const median = (values) =>
  percentile(
    [...values].sort((a, b) => a - b),
    0.5,
  );

/** Times of /api/health asked one at a time until `done()` says stop; p50 and p99 in ms. */
async function healthWhile(server, done) {
  const times = [];
  while (!done()) {
    const started = performance.now();
    const response = await fetch(`${server.baseUrl}/api/health`);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`/api/health: ${response.status}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { asked: times.length, p50: percentile(times, 0.5), p99: percentile(times, 0.99) };
}

/** The upload on a connection of its own (not one a funnel left idle); rows stored and seconds. */
function postCsv(server, cookie, csv) {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${server.baseUrl}/api/admin/spend`,
      { method: 'POST', agent: false, headers: { cookie, 'content-type': 'text/csv' } },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () =>
          response.statusCode === 200
            ? resolve({
                rows: JSON.parse(body).stored,
                seconds: (performance.now() - started) / 1000,
              })
            : reject(new Error(`upload: ${response.statusCode} ${body}`)),
        );
      },
    );
    request.on('error', reject);
    request.end(csv);
  });
}

/** `clients` admins asking the widest funnel back to back until `done()`; each answer's time. */
async function funnels(server, cookie, clients, done) {
  const times = [];
  let bytes = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (!done()) {
        const started = performance.now();
        const response = await fetch(`${server.baseUrl}/api/admin/funnel?${WIDEST}`, {
          headers: { cookie },
        });
        bytes = (await response.arrayBuffer()).byteLength;
        if (!response.ok) throw new Error(`funnel: ${response.status}`);
        times.push(performance.now() - started);
      }
    }),
  );
  return { answers: times.length, median: median(times), bytes };
}

/** /api/health's p99 alone, during the widest funnels, and during the largest upload as well. */
export async function reportFigures(server, cookie, seconds) {
  const forSeconds = (s) => {
    const until = performance.now() + s * 1000;
    return () => performance.now() >= until;
  };
  const alone = await healthWhile(server, forSeconds(3));

  const funnelsDone = forSeconds(seconds);
  const [duringFunnels, funnel] = await Promise.all([
    healthWhile(server, funnelsDone),
    funnels(server, cookie, 2, funnelsDone),
  ]);

  const csv = largestSpendCsv();
  let uploaded = false;
  const upload = postCsv(server, cookie, csv).finally(() => (uploaded = true));
  const [duringUpload, funnelDuringUpload, spend] = await Promise.all([
    healthWhile(server, () => uploaded),
    funnels(server, cookie, 2, () => uploaded),
    upload,
  ]);
  return {
    alone,
    duringFunnels,
    funnel,
    duringUpload,
    funnelDuringUpload,
    upload: { ...spend, megabytes: csv.length / 2 ** 20 },
  };
}
