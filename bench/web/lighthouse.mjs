// The Lighthouse side of `npm run bench:web`: one run (mobile defaults: simulated slow 4G, 4× CPU)
// and the figures taken from its report.
import { mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { root } from '../../scripts/build-stamp.mjs';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

export const median = (values) => {
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

/**
 * The scripts whose fetch began before the largest paint, in the run as observed. Lighthouse's
 * simulated LCP depends on exactly those requests (Lantern keeps the requests that started before
 * the observed LCP), so each of their bytes delays the headline on a slow network.
 */
function scriptsBeforeLcp(lhr, scripts) {
  const lcpTs = lhr.audits.metrics?.details?.items?.[0]?.observedLargestContentfulPaintTs;
  const startTs = lhr.audits['network-requests']?.details?.debugData?.networkStartTimeTs;
  if (!Number.isFinite(lcpTs) || !Number.isFinite(startTs)) return { bytes: NaN, count: NaN };
  const early = scripts.filter((item) => startTs + item.rendererStartTime * 1000 < lcpTs);
  return {
    bytes: early.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
    count: early.length,
  };
}

/**
 * When the page had hydrated (the 'hydrated' mark of app.tsx), in the trace's clock: our scripts
 * asked for before then are its first load; the forms' code, asked for once the page is idle
 * (decision 164), comes later. Infinity if the page never said so (all of it is first load).
 */
function hydratedTs(lhr) {
  const navigationTs = lhr.audits.metrics?.details?.items?.[0]?.observedNavigationStartTs;
  const mark = (lhr.audits['user-timings']?.details?.items ?? []).find(
    (item) => item.name === 'hydrated',
  );
  return Number.isFinite(navigationTs) && mark ? navigationTs + mark.startTime * 1000 : Infinity;
}

const sum = (values) => values.reduce((total, value) => total + value, 0);

/** The figures of one Lighthouse run. */
export async function figures(lhr) {
  const scripts = (lhr.audits['network-requests']?.details?.items ?? []).filter(
    (item) => item.resourceType === 'Script',
  );
  // A script fetched twice (by the page and by an iframe of ours) is counted once. The budget
  // is for our own scripts; a third party's (Meta's stub here) is reported apart.
  const origin = new URL(lhr.requestedUrl).origin;
  const urls = [...new Set(scripts.map((item) => item.url))];
  const own = urls.filter((url) => new URL(url).origin === origin);
  const startTs = lhr.audits['network-requests']?.details?.debugData?.networkStartTimeTs ?? 0;
  const hydrated = hydratedTs(lhr);
  const askedBeforeHydration = (url) =>
    scripts.some((item) => item.url === url && startTs + item.rendererStartTime * 1000 < hydrated);
  const gzip = async (list) => sum(await Promise.all(list.map((url) => gzipSize(url))));
  const numeric = (id) => lhr.audits[id]?.numericValue ?? NaN;
  const early = scriptsBeforeLcp(lhr, scripts);
  return {
    scores: Object.fromEntries(
      CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? NaN) * 100)]),
    ),
    seoWithoutCrawlable: seoWithoutCrawlable(lhr),
    lcpMs: numeric('largest-contentful-paint'),
    cls: numeric('cumulative-layout-shift'),
    tbtMs: numeric('total-blocking-time'),
    fcpMs: numeric('first-contentful-paint'),
    scriptBytesBeforeLcp: early.bytes,
    scriptsBeforeLcp: early.count,
    jsTransferBytes: sum(scripts.map((item) => item.transferSize ?? 0)),
    jsGzipBytes: await gzip(own.filter(askedBeforeHydration)),
    laterJsGzipBytes: await gzip(own.filter((url) => !askedBeforeHydration(url))),
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
 * The scored audits that lost points in a category that missed its target (`targets[category]`)
 * in this run, so a miss says why: category: audit -> display value.
 */
export function failingAudits(lhr, targets) {
  const failing = [];
  for (const id of CATEGORIES) {
    const category = lhr.categories[id];
    if (!category || Math.round(category.score * 100) >= targets[id]) continue;
    for (const ref of category.auditRefs) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1)
        failing.push([`${id}: ${ref.id}`, audit.displayValue || String(audit.score)]);
    }
  }
  return failing;
}

const reportsDir = path.join(root, 'bench-results');

/** Keeps a report as bench-results/<route>[-no-js]-<run>.json. */
export async function saveReport(lhr, name, run) {
  await mkdir(reportsDir, { recursive: true });
  await writeFile(path.join(reportsDir, `${name}-${run}.json`), JSON.stringify(lhr));
}

const ATTEMPTS = 3;

/**
 * One Lighthouse run in the Chrome listening on `port`, its requests with `extraHeaders` (a
 * proof's cookie). On a busy machine Chromium now and then fails to record the trace
 * (NO_NAVSTART and the like); such a run is repeated, up to three attempts.
 */
export async function runLighthouse(url, port, categories, log, extraHeaders) {
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: categories,
      extraHeaders,
    });
    const problem = result ? result.lhr.runtimeError?.message : 'Lighthouse returned nothing';
    if (!problem) return result.lhr;
    if (attempt === ATTEMPTS) throw new Error(`${url}: ${problem}`);
    log(`${url}: ${problem}; trying again`);
  }
}
