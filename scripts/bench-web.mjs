// `npm run bench:web`: Lighthouse (mobile defaults) on every public route of the production
// build, served by our own server. Prints the median of N runs per route against the targets
// and writes docs/benchmarks/web-latest.json and docs/benchmarks/web.md.
//
//   npm run bench:web -- [--runs 3] [--routes /,/privacy] [--no-build] [--no-pixel] [--save-reports]
//
// The server runs with a Meta Pixel id configured (issue 5), and Chromium resolves Meta's hosts
// to a local HTTPS stub (this machine has no internet; the stub serves a few bytes in place of
// fbevents.js). --no-pixel measures without a pixel id.
// --save-reports keeps every Lighthouse report (JSON) in bench-results/ for a closer look.
import { execFileSync } from 'node:child_process';
import { createServer as createHttpsServer } from 'node:https';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { format } from 'prettier';
import { root } from './build-stamp.mjs';
import {
  buildIsCurrent,
  ensureBuild,
  makeDataDir,
  removeDataDir,
  startServer,
} from './bench-server.mjs';

const CHROME_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-dev-shm-usage',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const TARGETS = {
  performance: 95,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
  cls: 0,
  jsGzipKb: 100,
};
const benchDir = path.join(root, 'docs', 'benchmarks');

const log = (message) => console.log(`[bench] ${message}`);

function options() {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '3' },
      routes: { type: 'string' },
      'no-build': { type: 'boolean', default: false },
      'save-reports': { type: 'boolean', default: false },
      'no-pixel': { type: 'boolean', default: false },
    },
  });
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a positive integer`);
  const routes = values.routes
    ?.split(',')
    .map((route) => route.trim())
    .filter(Boolean);
  return {
    runs,
    routes,
    build: !values['no-build'],
    saveReports: values['save-reports'],
    pixel: !values['no-pixel'],
  };
}

/** A pixel id for the benchmark's server; Meta's hosts are stubbed (see startMetaStub). */
const BENCH_PIXEL_ID = '1234567890123';
const META_HOSTS = ['connect.facebook.net', 'www.facebook.com'];

/**
 * Meta's hosts, answered locally over HTTPS on port 443 with a self-signed certificate:
 * fbevents.js is a stub that takes the queued calls (like the real library, it sets
 * `fbq.callMethod`), anything else is 204. Chromium is pointed here with --host-resolver-rules.
 */
async function startMetaStub(dir) {
  const key = path.join(dir, 'meta-key.pem');
  const cert = path.join(dir, 'meta-cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-keyout',
      key,
      '-out',
      cert,
      '-subj',
      `/CN=${META_HOSTS[0]}`,
      '-addext',
      `subjectAltName=${META_HOSTS.map((host) => `DNS:${host}`).join(',')}`,
    ],
    { stdio: 'ignore' },
  );
  const stub = `(()=>{const f=window.fbq;if(!f)return;f.queue=[];f.callMethod=()=>{};})();`;
  const server = createHttpsServer(
    { key: await readFile(key), cert: await readFile(cert) },
    (request, response) => {
      if (request.url?.endsWith('/fbevents.js')) {
        response.writeHead(200, {
          'Content-Type': 'text/javascript',
          'Cache-Control': 'public, max-age=1200',
          'Access-Control-Allow-Origin': '*',
        });
        response.end(stub);
      } else {
        response.writeHead(204).end();
      }
    },
  );
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(443, '127.0.0.1', resolve);
  });
  return server;
}

const median = (values) => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** Gzip size of a script we serve: the .gz twin the build wrote next to it. */
async function gzipSize(url) {
  const file = path.join(root, 'dist', 'client', new URL(url).pathname);
  try {
    return (await stat(`${file}.gz`)).size;
  } catch {
    return NaN;
  }
}

/** The figures of one Lighthouse run. */
async function figures(lhr) {
  const scripts = (lhr.audits['network-requests']?.details?.items ?? []).filter(
    (item) => item.resourceType === 'Script',
  );
  // A script fetched twice (by the page and by an iframe of ours) is counted once. The budget
  // is for our own scripts; a third party's (Meta's stub here) is reported apart.
  const origin = new URL(lhr.requestedUrl).origin;
  const urls = [...new Set(scripts.map((item) => item.url))];
  const own = urls.filter((url) => new URL(url).origin === origin);
  const gzip = await Promise.all(own.map((url) => gzipSize(url)));
  const numeric = (id) => lhr.audits[id]?.numericValue ?? NaN;
  return {
    scores: Object.fromEntries(
      CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? NaN) * 100)]),
    ),
    seoWithoutCrawlable: seoWithoutCrawlable(lhr),
    lcpMs: numeric('largest-contentful-paint'),
    cls: numeric('cumulative-layout-shift'),
    tbtMs: numeric('total-blocking-time'),
    fcpMs: numeric('first-contentful-paint'),
    jsTransferBytes: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
    jsGzipBytes: gzip.reduce((sum, size) => sum + size, 0),
    scriptCount: own.length,
    thirdPartyScripts: urls.length - own.length,
  };
}

/**
 * The SEO score without the is-crawlable audit: the funnel pages (/apply, /typeform,
 * /thank-you) carry robots noindex on purpose (issue 5), which that audit alone penalises.
 */
function seoWithoutCrawlable(lhr) {
  const refs = (lhr.categories.seo?.auditRefs ?? []).filter(
    (ref) => ref.weight > 0 && ref.id !== 'is-crawlable' && lhr.audits[ref.id]?.score !== null,
  );
  const weight = refs.reduce((sum, ref) => sum + ref.weight, 0);
  const score = refs.reduce((sum, ref) => sum + ref.weight * (lhr.audits[ref.id]?.score ?? 0), 0);
  return weight ? Math.round((score / weight) * 100) : NaN;
}

/**
 * The scored audits that lost points in a category that missed its target in this run, so a
 * miss says why: category: audit -> display value.
 */
function failingAudits(lhr) {
  const failing = [];
  for (const id of CATEGORIES) {
    const category = lhr.categories[id];
    if (!category || Math.round(category.score * 100) >= TARGETS[id]) continue;
    for (const ref of category.auditRefs) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1)
        failing.push([`${id}: ${ref.id}`, audit.displayValue || String(audit.score)]);
    }
  }
  return failing;
}

const reportsDir = path.join(root, 'bench-results');

async function saveReport(lhr, run) {
  await mkdir(reportsDir, { recursive: true });
  const name = new URL(lhr.requestedUrl).pathname.slice(1) || 'home';
  await writeFile(path.join(reportsDir, `${name}-${run}.json`), JSON.stringify(lhr));
}

const ATTEMPTS = 3;

/**
 * One Lighthouse run. On a busy machine Chromium now and then fails to record the trace
 * (NO_NAVSTART and the like); such a run is repeated, up to three attempts.
 */
async function runLighthouse(url, port) {
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
    });
    const problem = result ? result.lhr.runtimeError?.message : 'Lighthouse returned nothing';
    if (!problem) return result.lhr;
    if (attempt === ATTEMPTS) throw new Error(`${url}: ${problem}`);
    log(`${url}: ${problem}; trying again`);
  }
}

async function measure(url, runs, port, saveReports) {
  const results = [];
  const failing = new Map();
  for (let run = 1; run <= runs; run += 1) {
    const lhr = await runLighthouse(url, port);
    if (saveReports) await saveReport(lhr, run);
    results.push(await figures(lhr));
    for (const [audit, value] of failingAudits(lhr))
      failing.set(audit, [...(failing.get(audit) ?? []), value]);
  }
  const pick = (select) => median(results.map(select));
  return {
    scores: Object.fromEntries(CATEGORIES.map((id) => [id, pick((r) => r.scores[id])])),
    seoWithoutCrawlable: pick((r) => r.seoWithoutCrawlable),
    lcpMs: Math.round(pick((r) => r.lcpMs)),
    fcpMs: Math.round(pick((r) => r.fcpMs)),
    tbtMs: Math.round(pick((r) => r.tbtMs)),
    cls: Number(pick((r) => r.cls).toFixed(3)),
    jsGzipBytes: pick((r) => r.jsGzipBytes),
    jsTransferBytes: pick((r) => r.jsTransferBytes),
    scriptCount: pick((r) => r.scriptCount),
    thirdPartyScripts: pick((r) => r.thirdPartyScripts),
    failingAudits: [...failing]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([audit, values]) => `${audit} (${values.join(', ')})`),
    runs: results,
  };
}

function misses(result) {
  const missed = [];
  if (result.scores.performance < TARGETS.performance) missed.push('performance');
  for (const id of ['accessibility', 'best-practices'])
    if (result.scores[id] < TARGETS[id]) missed.push(id);
  const seo = result.noindex ? result.seoWithoutCrawlable : result.scores.seo;
  if (seo < TARGETS.seo) missed.push('seo');
  if (result.cls > TARGETS.cls) missed.push('cls');
  if (result.jsGzipBytes / 1024 > TARGETS.jsGzipKb) missed.push('js');
  return missed;
}

const kb = (bytes) => (bytes / 1024).toFixed(1);

/** The results as table rows, a missed target marked with ✗. */
function tableRows(results) {
  const header = [
    'Route',
    'Perf',
    'A11y',
    'BP',
    'SEO',
    'LCP',
    'CLS',
    'TBT',
    'JS gzip',
    'JS transfer',
  ];
  const mark = (value, missed) => (missed ? `${value} ✗` : String(value));
  const rows = results.map((r) => [
    r.path,
    mark(r.scores.performance, r.misses.includes('performance')),
    mark(r.scores.accessibility, r.misses.includes('accessibility')),
    mark(r.scores['best-practices'], r.misses.includes('best-practices')),
    mark(
      r.noindex ? `${r.scores.seo} (${r.seoWithoutCrawlable}*)` : r.scores.seo,
      r.misses.includes('seo'),
    ),
    `${(r.lcpMs / 1000).toFixed(2)} s`,
    mark(r.cls, r.misses.includes('cls')),
    `${r.tbtMs} ms`,
    mark(`${kb(r.jsGzipBytes)} KB`, r.misses.includes('js')),
    `${kb(r.jsTransferBytes)} KB`,
  ]);
  return [header, ...rows];
}

function printTable(rows) {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  for (const [index, row] of rows.entries()) {
    console.log(row.map((cell, column) => cell.padEnd(widths[column])).join('  '));
    if (index === 0) console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  }
}

const targetsText = `Performance ≥ ${TARGETS.performance}, Accessibility = ${TARGETS.accessibility}, Best Practices = ${TARGETS['best-practices']}, SEO = ${TARGETS.seo}, CLS = ${TARGETS.cls}, first-load JS ≤ ${TARGETS.jsGzipKb} KB gzip`;

async function writeReports(report, rows) {
  await mkdir(benchDir, { recursive: true });
  await writeFile(path.join(benchDir, 'web-latest.json'), `${JSON.stringify(report, null, 2)}\n`);
  const table = rows.map((row) => `| ${row.join(' | ')} |`);
  table.splice(1, 0, `|${rows[0].map(() => ' --- ').join('|')}|`);
  const failing = report.routes.filter((r) => r.failingAudits.length > 0);
  const markdown = `# Web performance benchmark

\`npm run bench:web\` builds the site if needed, starts the production server
(\`node dist/server/main.js\`) on a free port with a temporary \`DATA_DIR\`, and runs
Lighthouse ${report.lighthouseVersion} with Debian's Chromium (mobile defaults: simulated slow 4G
and 4× CPU slowdown) on every public route. Each figure is the median of ${report.runs} runs.
Options: \`--runs N\`, \`--routes /,/privacy\`, \`--no-build\`. The full results are in
\`web-latest.json\`.

Targets: ${targetsText}. A missed target is marked ✗.

## Latest results

Measured ${report.date} on ${report.host}; 1-minute load average ${report.loadAverage.before.toFixed(1)} before, ${report.loadAverage.after.toFixed(1)} after.

${table.join('\n')}

- **SEO on noindex pages** (/apply, /typeform, /thank-you): Lighthouse's score, then in
  brackets with a star the score without the is-crawlable audit, which a page that asks not to
  be indexed fails by design (issue 5); the target applies to the starred figure.
- **Pixel**: ${report.pixel ? "the server had a Meta Pixel id configured; Meta's hosts were answered by a local stub (no internet here), so the real fbevents.js download is not in these figures" : 'no pixel id configured (--no-pixel)'}.
- **JS gzip**: the gzip size of every script of ours the first load fetched (the build's
  \`.gz\` files; the page's and, on /typeform, its questionnaire frame's); **JS transfer**: the
  bytes of all scripts actually transferred, Meta's stub included, response headers included
  (about 1 KB a request; the server prefers brotli).
- LCP and TBT come from Lighthouse's simulation, which scales the main-thread work it observed; on
  a busy machine TBT rises with the load (see the load average above), so compare runs made
  under the same conditions.
${
  failing.length
    ? `\n## Audits behind the misses\n\n${failing
        .map((r) => `- ${r.path}: ${r.failingAudits.join('; ')}`)
        .join('\n')}\n`
    : ''
}`;
  await writeFile(
    path.join(benchDir, 'web.md'),
    await format(markdown, { parser: 'markdown', proseWrap: 'preserve' }),
  );
}

async function main() {
  const { runs, routes: only, build, saveReports, pixel } = options();
  if (!build && !buildIsCurrent()) {
    throw new Error('The build is missing or out of date; run without --no-build');
  }
  await ensureBuild(log);
  const entry = await import(path.join(root, 'dist', 'ssr', 'entry-server.js'));
  const publicMeta = entry.routeMeta.filter((route) => route.public);
  const publicRoutes = publicMeta.map((r) => r.path);
  const noindex = new Set(publicMeta.filter((r) => !r.indexable).map((r) => r.path));
  const unknown = (only ?? []).filter((route) => !publicRoutes.includes(route));
  if (unknown.length) throw new Error(`Not public routes: ${unknown.join(', ')}`);
  const routes = only ?? publicRoutes;

  const loadBefore = loadavg()[0];
  const dataDir = await makeDataDir('talent-bridge-bench-');
  const metaStub = pixel ? await startMetaStub(dataDir) : undefined;
  const server = await startServer({
    dataDir,
    env: pixel ? { META_PIXEL_ID: BENCH_PIXEL_ID } : {},
  });
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: pixel
      ? [
          ...CHROME_FLAGS,
          `--host-resolver-rules=${META_HOSTS.map((host) => `MAP ${host} 127.0.0.1`).join(',')}`,
          '--ignore-certificate-errors',
        ]
      : CHROME_FLAGS,
  });
  const results = [];
  try {
    log(`Lighthouse on ${routes.length} routes × ${runs} runs, server on port ${server.port}`);
    for (const route of routes) {
      const started = Date.now();
      const result = await measure(`${server.baseUrl}${route}`, runs, chrome.port, saveReports);
      result.noindex = noindex.has(route);
      result.misses = misses(result);
      results.push({ path: route, ...result });
      log(`${route}: done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    }
  } finally {
    chrome.kill();
    metaStub?.close();
    await server.stop();
    await removeDataDir(dataDir);
  }

  const rows = tableRows(results);
  console.log(`\nTargets: ${targetsText} (✗ = missed)`);
  console.log(
    `1-minute load average: ${loadBefore.toFixed(1)} before, ${loadavg()[0].toFixed(1)} after\n`,
  );
  printTable(rows);
  for (const r of results.filter((r) => r.failingAudits.length > 0))
    console.log(`\n${r.path} missed because of: ${r.failingAudits.join('; ')}`);

  const lighthouseVersion = JSON.parse(
    await readFile(path.join(root, 'node_modules', 'lighthouse', 'package.json'), 'utf8'),
  ).version;
  const report = {
    date: new Date().toISOString(),
    host: `${process.platform} ${process.arch}, ${cpus().length} CPUs, Node ${process.version}`,
    lighthouseVersion,
    chromePath: CHROME_PATH,
    formFactor: 'mobile (Lighthouse defaults)',
    runs,
    pixel,
    loadAverage: { before: loadBefore, after: loadavg()[0] },
    targets: TARGETS,
    routes: results,
  };
  if (only) log('partial run (--routes): docs/benchmarks not updated');
  else await writeReports(report, rows);
  const missedAny = results.some((r) => r.misses.length > 0);
  console.log(missedAny ? '\nSome targets were missed.' : '\nEvery target met.');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
