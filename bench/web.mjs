// `npm run bench:web`: Lighthouse (mobile defaults) on every public route of the production
// build, served by our own server, beside the same page with its scripts removed (the
// no-JavaScript limit, issue 23), then Interaction to Next Paint on the /candidates and /career
// forms. Prints the medians of N runs against the targets and writes the section bench:web of
// docs/benchmarks.md and docs/benchmarks/web-latest.json.
//
//   npm run bench:web -- [--runs 3] [--routes /,/privacy] [--no-build] [--no-pixel] [--save-reports]
//
// The server runs with a Meta Pixel id configured (issue 5), and Chromium resolves Meta's hosts
// to a local HTTPS stub (bench/web/meta-stub.mjs). --no-pixel measures without a pixel id.
// --save-reports keeps every Lighthouse report (JSON) in bench-results/ for a closer look.
import { readFile, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import { format } from 'prettier';
import { root } from '../scripts/build-stamp.mjs';
import { buildIsCurrent, ensureBuild, makeDataDir, removeDataDir, startServer } from './server.mjs';
import { measureBlocking } from './web/blocking.mjs';
import { CPU_SLOWDOWN, KEYBOARD_OPEN_MS, measureInteractions } from './web/interaction.mjs';
import {
  CATEGORIES,
  failingAudits,
  figures,
  median,
  runLighthouse,
  saveReport,
} from './web/lighthouse.mjs';
import { BENCH_PIXEL_ID, META_STUB_FLAGS, startMetaStub } from './web/meta-stub.mjs';
import { startNoScriptProxy } from './web/no-script.mjs';
import { BOOK_ROUTE, bookingProof, OWNER_PASSWORD } from './web/booking-proof.mjs';

const CHROME_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-dev-shm-usage',
];
const TARGETS = {
  lcpRatio: 1.15,
  performance: 100,
  tbtMs: 50,
  cls: 0,
  scriptBytesBeforeLcp: 0,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
  jsGzipKb: 100,
  inpMs: 100,
};
// Before the first route: the machine settles after the build (1-minute load average under
// SETTLED_LOAD, at most SETTLE_LIMIT_MS), then one discarded run of the first route warms the
// server, Chromium and the disk cache. Without both, the first route was measured on a machine
// still busy from the build, and alone read up to twice its quiet figure.
const SETTLED_LOAD = 1;
const SETTLE_LIMIT_MS = 120_000;
const SETTLE_POLL_MS = 5_000;
const benchDoc = path.join(root, 'docs', 'benchmarks.md');
const latestJson = path.join(root, 'docs', 'benchmarks', 'web-latest.json');

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

async function settle() {
  const until = Date.now() + SETTLE_LIMIT_MS;
  while (loadavg()[0] >= SETTLED_LOAD && Date.now() < until)
    await new Promise((resolve) => setTimeout(resolve, SETTLE_POLL_MS));
}

/**
 * One route, `runs` times, our page and then its no-JavaScript twin each time, so a change in
 * the machine's load falls on both alike. Figures are medians over the runs.
 */
async function measureRoute(
  route,
  { runs, ourUrl, noScriptUrl, chromePort, saveReports, headers },
) {
  const ours = [];
  const noScript = [];
  const failing = new Map();
  const name = route.slice(1) || 'home';
  for (let run = 1; run <= runs; run += 1) {
    const lhr = await runLighthouse(`${ourUrl}${route}`, chromePort, CATEGORIES, log, headers);
    const bare = await runLighthouse(
      `${noScriptUrl}${route}`,
      chromePort,
      ['performance'],
      log,
      headers,
    );
    if (saveReports) {
      await saveReport(lhr, name, run);
      await saveReport(bare, `${name}-no-js`, run);
    }
    ours.push(await figures(lhr));
    noScript.push(await figures(bare));
    for (const [audit, value] of failingAudits(lhr, TARGETS))
      failing.set(audit, [...(failing.get(audit) ?? []), value]);
  }
  const pick = (select) => median(ours.map(select));
  const lcpMs = Math.round(pick((r) => r.lcpMs));
  const noScriptLcpMs = Math.round(median(noScript.map((r) => r.lcpMs)));
  return {
    path: route,
    lcpMs,
    noScriptLcpMs,
    lcpRatio: Number((lcpMs / noScriptLcpMs).toFixed(2)),
    scores: Object.fromEntries(CATEGORIES.map((id) => [id, pick((r) => r.scores[id])])),
    seoWithoutCrawlable: pick((r) => r.seoWithoutCrawlable),
    fcpMs: Math.round(pick((r) => r.fcpMs)),
    tbtMs: Math.round(pick((r) => r.tbtMs)),
    noScriptTbtMs: Math.round(median(noScript.map((r) => r.tbtMs))),
    noScriptPerformance: median(noScript.map((r) => r.scores.performance)),
    cls: Number(pick((r) => r.cls).toFixed(3)),
    scriptBytesBeforeLcp: pick((r) => r.scriptBytesBeforeLcp),
    scriptsBeforeLcp: pick((r) => r.scriptsBeforeLcp),
    jsGzipBytes: pick((r) => r.jsGzipBytes),
    laterJsGzipBytes: pick((r) => r.laterJsGzipBytes),
    jsTransferBytes: pick((r) => r.jsTransferBytes),
    scriptCount: pick((r) => r.scriptCount),
    thirdPartyScripts: pick((r) => r.thirdPartyScripts),
    failingAudits: [...failing]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([audit, values]) => `${audit} (${values.join(', ')})`),
    runs: ours,
    noScriptRuns: noScript,
  };
}

function misses(result) {
  const missed = [];
  if (result.lcpRatio > TARGETS.lcpRatio) missed.push('ratio');
  if (result.tbtMs > TARGETS.tbtMs) missed.push('tbt');
  if (result.cls > TARGETS.cls) missed.push('cls');
  if (result.scriptBytesBeforeLcp > TARGETS.scriptBytesBeforeLcp) missed.push('early-js');
  for (const id of ['performance', 'accessibility', 'best-practices'])
    if (result.scores[id] < TARGETS[id]) missed.push(id);
  const seo = result.noindex ? result.seoWithoutCrawlable : result.scores.seo;
  if (seo < TARGETS.seo) missed.push('seo');
  if (result.jsGzipBytes / 1024 > TARGETS.jsGzipKb) missed.push('js');
  return missed;
}

const kb = (bytes) => (bytes / 1024).toFixed(1);
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
const mark = (value, missed) => (missed ? `${value} ✗` : String(value));

/** The routes as table rows, a missed target marked with ✗. */
function routeRows(results) {
  const header = [
    'Route',
    'LCP',
    'No-JS LCP',
    'Ratio',
    'Perf',
    'No-JS Perf',
    'TBT',
    'No-JS TBT',
    'TBT seen',
    'No-JS seen',
    'Longest task',
    'CLS',
    'JS before LCP',
    'A11y',
    'BP',
    'SEO',
    'JS gzip',
    'Later JS',
  ];
  const rows = results.map((r) => {
    const missed = (id) => r.misses.includes(id);
    return [
      r.path,
      seconds(r.lcpMs),
      seconds(r.noScriptLcpMs),
      mark(r.lcpRatio.toFixed(2), missed('ratio')),
      mark(r.scores.performance, missed('performance')),
      String(r.noScriptPerformance),
      mark(`${r.tbtMs} ms`, missed('tbt')),
      `${r.noScriptTbtMs} ms`,
      `${r.seenTbtMs} ms`,
      `${r.seenNoScriptTbtMs} ms`,
      `${r.seenLongestTaskMs} ms`,
      mark(r.cls, missed('cls')),
      mark(
        r.scriptBytesBeforeLcp ? `${kb(r.scriptBytesBeforeLcp)} KB (${r.scriptsBeforeLcp})` : '0',
        missed('early-js'),
      ),
      mark(r.scores.accessibility, missed('accessibility')),
      mark(r.scores['best-practices'], missed('best-practices')),
      mark(r.noindex ? `${r.scores.seo} (${r.seoWithoutCrawlable}*)` : r.scores.seo, missed('seo')),
      mark(`${kb(r.jsGzipBytes)} KB`, missed('js')),
      r.laterJsGzipBytes ? `${kb(r.laterJsGzipBytes)} KB` : '0',
    ];
  });
  return [header, ...rows];
}

/** Each form's medians over its runs, and whether it met the INP target. */
function summarizeInteractions(forms) {
  return forms.map((form) => {
    const pick = (key) => median(form.runs.map((run) => run[key]));
    const inpMs = pick('inpMs');
    return {
      ...form,
      typingMs: pick('typingMs'),
      tapMs: pick('tapMs'),
      inpMs,
      noScriptInpMs: median(form.noScriptRuns.map((run) => run.inpMs)),
      missed: inpMs > TARGETS.inpMs,
    };
  });
}

const interactionMs = (ms) => (ms === 0 ? '< 16 ms' : `${ms} ms`);

function interactionRows(forms) {
  const header = ['Form', 'Typing (slowest key)', 'Taps (slowest)', 'INP', 'No-JS INP'];
  const rows = forms.map((f) => [
    f.path,
    interactionMs(f.typingMs),
    interactionMs(f.tapMs),
    mark(interactionMs(f.inpMs), f.missed),
    interactionMs(f.noScriptInpMs),
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

const markdownTable = (rows) =>
  [
    `| ${rows[0].join(' | ')} |`,
    `|${rows[0].map(() => ' --- ').join('|')}|`,
    ...rows.slice(1).map((row) => `| ${row.join(' | ')} |`),
  ].join('\n');

const targetsText =
  `LCP ≤ ${TARGETS.lcpRatio}× the no-JavaScript limit, Performance = ${TARGETS.performance}, ` +
  `TBT ≤ ${TARGETS.tbtMs} ms, CLS = ${TARGETS.cls}, script bytes before LCP = ` +
  `${TARGETS.scriptBytesBeforeLcp}, Accessibility, Best Practices and SEO = 100, first-load JS ` +
  `≤ ${TARGETS.jsGzipKb} KB gzip, INP ≤ ${TARGETS.inpMs} ms`;

/** The section bench:web of docs/benchmarks.md, with the latest tables. */
function webSection(report, routeTable, interactionTable) {
  const failing = report.routes.filter((r) => r.failingAudits.length > 0);
  const load = report.loadAverage;
  return `## bench:web

\`npm run bench:web\` (\`bench/web.mjs\`) builds the site if needed, starts the production
server (\`node dist/server/main.js\`, temporary \`DATA_DIR\`, a Meta Pixel id configured), waits
for the machine to settle (1-minute load average under ${SETTLED_LOAD}, at most ${SETTLE_LIMIT_MS / 1000} s), discards one
warm-up run of the first route, and runs Lighthouse ${report.lighthouseVersion} with Debian's Chromium (mobile defaults: simulated slow 4G, 4× CPU
slowdown) on every public route (\`/book\` with a form proof: the owner takes calls, the server is
applied to once, and every request of /book carries that cookie), each time twice: our page, then the **no-JavaScript limit**,
the same server's page through a local proxy that removes every \`<script>\` and
\`modulepreload\` link (\`bench/web/no-script.mjs\`). Then, in Chromium at ${CPU_SLOWDOWN}× CPU
slowdown, once the page has hydrated (\`html[data-hydrated]\`), it fills the /candidates and
/career forms as a person on a phone does: a tap on a field, ${KEYBOARD_OPEN_MS} ms for the keyboard, the keys,
and at the end a tap on submit (on /candidates the names, then the e-mail), and does the same on
the page without scripts, in turn. It reads each interaction's duration from the Event Timing API
(\`bench/web/interaction.mjs\`). Each figure is the median of ${report.runs} run${report.runs === 1 ? '' : 's'}.
Options: \`--runs N\`, \`--routes /,/privacy\` (prints only), \`--no-build\`, \`--no-pixel\`,
\`--save-reports\`. Every run's figures are in \`docs/benchmarks/web-latest.json\`.

Targets (issue 23, decision 005): ${targetsText}. A missed target is marked ✗.

Latest, ${report.date.slice(0, 10)}, ${report.host}.
1-minute load average ${load.before.toFixed(1)} before, ${load.afterPages.toFixed(1)} after the pages, ${load.after.toFixed(1)} at the end. The machine is
shared: Lighthouse scales the main-thread work it observed, so LCP and TBT grow with the load;
the ratio, measured in the same run, is the fairer figure (though script work still weighs more
on a busy machine).


${markdownTable(routeTable)}

${markdownTable(interactionTable)}

- **Ratio**: our LCP over the no-JavaScript limit's. **No-JS Perf** and **No-JS TBT**: the
  Performance score and blocking time of the page with no script at all (parsing, style, layout
  on this machine); our TBT less the no-JS TBT is what the scripts add. **TBT seen**, **No-JS
  seen** and **Longest task**: the same blocking time as the pages see it in Chromium slowed
  ${CPU_SLOWDOWN}× by DevTools, from the Long Tasks API, without Lighthouse's trace and its ×4 of
  every task, and through a DevTools client that never enables the Runtime domain, which would
  make V8 re-parse React DOM at start-up (\`bench/web/blocking.mjs\`).
  **JS before LCP**: bytes (and count) of the
  scripts whose fetch began before the largest paint as observed; Lighthouse's simulated LCP waits
  for exactly those.
- **SEO on noindex pages** (/apply, /typeform, /thank-you, /status, /book): Lighthouse's score, then with a star
  the score without the is-crawlable audit, which a page asking not to be indexed fails by design
  (issue 5); the target applies to the starred figure.
- **JS gzip**: the gzip size of every script of ours the first load fetched, up to hydration (the
  build's \`.gz\` files). **Later JS**: ours fetched after it, once the page is idle: a form's
  code (decision 164). Meta's script is a local stub here (no internet), so its real download is
  not counted.
- **INP**: an interaction's duration runs from the input to the next paint; the browser reports
  only those of 16 ms or more ("< 16 ms": none was). **No-JS INP**: the same taps and keys on the
  page without scripts, in turn with ours: what the browser itself takes for them on this
  machine (the touch turned into a gesture, the focus, the text's insertion and the frame).
- **Why TBT and Performance move from run to run here.** In Lighthouse's traces on this
  machine the longest task of a load is usually not the page's: it is the navigation's commit,
  which sets up the new document and its script contexts (Lighthouse's own among them) before
  any HTML is parsed. It spends a quarter to a half of its clock time on the CPU and the rest
  waiting, as Chromium's other processes, Lighthouse and the server share the 2 cores.
  Lighthouse multiplies it by 4 and counts the part after its simulated first paint: often the
  largest part of a load's TBT. The page without scripts has the same task, which is why its TBT
  also misses 50 ms on some routes. What our scripts add is closer to **TBT seen**.
${
  failing.length
    ? `\nAudits behind the Lighthouse misses:\n\n${failing
        .map((r) => `- ${r.path}: ${r.failingAudits.join('; ')}`)
        .join('\n')}\n`
    : ''
}
`;
}

/** Replaces the section bench:web of docs/benchmarks.md (up to the next section). */
async function writeWebSection(section) {
  const doc = await readFile(benchDoc, 'utf8');
  const start = doc.indexOf('## bench:web\n');
  if (start < 0) throw new Error('docs/benchmarks.md has no section "## bench:web"');
  const next = doc.indexOf('\n## ', start + 1);
  const updated = `${doc.slice(0, start)}${section}${next < 0 ? '' : doc.slice(next + 1)}`;
  await writeFile(benchDoc, await format(updated, { parser: 'markdown', proseWrap: 'preserve' }));
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

  log('waiting for the machine to settle after the build');
  await settle();
  const loadBefore = loadavg()[0];
  let loadAfterPages = NaN;
  const dataDir = await makeDataDir('talent-bridge-bench-');
  const metaStub = pixel ? await startMetaStub(dataDir) : undefined;
  const server = await startServer({
    dataDir,
    env: {
      ADMIN_PASSWORD: OWNER_PASSWORD,
      ...(pixel ? { META_PIXEL_ID: BENCH_PIXEL_ID } : {}),
    },
  });
  const proxy = await startNoScriptProxy(server.baseUrl);
  // /book with a candidate's form proof, as the person sees it; every other route without.
  const bookHeaders = routes.includes(BOOK_ROUTE) ? await bookingProof(server.baseUrl) : undefined;
  const headersFor = (route) => (route === BOOK_ROUTE ? bookHeaders : undefined);
  const chromeFlags = pixel ? [...CHROME_FLAGS, ...META_STUB_FLAGS] : CHROME_FLAGS;
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: ['--headless=new', ...chromeFlags],
  });
  const results = [];
  let forms;
  try {
    log(`warm-up: one discarded run of ${routes[0]}`);
    await runLighthouse(`${server.baseUrl}${routes[0]}`, chrome.port, CATEGORIES, log);
    await runLighthouse(`${proxy.baseUrl}${routes[0]}`, chrome.port, ['performance'], log);
    log(`Lighthouse on ${routes.length} routes × ${runs} runs × 2 (ours, no-JS)`);
    for (const route of routes) {
      const started = Date.now();
      const result = await measureRoute(route, {
        runs,
        ourUrl: server.baseUrl,
        noScriptUrl: proxy.baseUrl,
        chromePort: chrome.port,
        saveReports,
        headers: headersFor(route),
      });
      result.noindex = noindex.has(route);
      result.misses = misses(result);
      results.push(result);
      log(`${route}: done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    }
    chrome.kill();
    loadAfterPages = loadavg()[0];
    const blocking = await measureBlocking({
      ourUrl: server.baseUrl,
      noScriptUrl: proxy.baseUrl,
      routes,
      headersFor,
      runs,
      chromePath: CHROME_PATH,
      chromeFlags,
      log,
    });
    for (const [index, result] of results.entries()) {
      const { ours, noScript } = blocking[index];
      result.seenTbtMs = median(ours.map((r) => r.tbtMs));
      result.seenNoScriptTbtMs = median(noScript.map((r) => r.tbtMs));
      result.seenLongestTaskMs = median(ours.map((r) => r.longestMs));
      result.blockingRuns = { ours, noScript };
    }
    forms = summarizeInteractions(
      await measureInteractions({
        baseUrl: server.baseUrl,
        noScriptUrl: proxy.baseUrl,
        runs,
        chromePath: CHROME_PATH,
        chromeFlags,
        log,
      }),
    );
  } finally {
    chrome.kill();
    await proxy.close();
    metaStub?.close();
    await server.stop();
    await removeDataDir(dataDir);
  }

  const routeTable = routeRows(results);
  const interactionTable = interactionRows(forms);
  const loadAfter = loadavg()[0];
  console.log(`\nTargets: ${targetsText} (✗ = missed)`);
  console.log(
    `1-minute load average: ${loadBefore.toFixed(1)} before, ${loadAfterPages.toFixed(1)} after the pages, ${loadAfter.toFixed(1)} at the end\n`,
  );
  printTable(routeTable);
  console.log('');
  printTable(interactionTable);
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
    loadAverage: { before: loadBefore, afterPages: loadAfterPages, after: loadAfter },
    targets: TARGETS,
    routes: results,
    interactions: { cpuSlowdown: CPU_SLOWDOWN, forms },
  };
  if (only) log('partial run (--routes): docs not updated');
  else {
    await writeFile(latestJson, `${JSON.stringify(report, null, 2)}\n`);
    await writeWebSection(webSection(report, routeTable, interactionTable));
  }
  const missedAny = results.some((r) => r.misses.length > 0) || forms.some((f) => f.missed);
  console.log(missedAny ? '\nSome targets were missed.' : '\nEvery target met.');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
