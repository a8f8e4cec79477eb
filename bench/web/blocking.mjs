// bench:web's blocking time as the page itself sees it (decisions 164 and 172): Chromium slowed 4×
// by DevTools, no trace recording and no Runtime domain (bench/web/cdp.mjs), the Long Tasks API in
// the page. Lighthouse's TBT multiplies the tasks of a traced load by 4 instead, so both figures
// are printed. Our page and its no-JavaScript twin, in the same browser, turn by turn.
import { launchChromium } from './cdp.mjs';
import { CPU_SLOWDOWN, PHONE_VIEWPORT } from './interaction.mjs';

/** A task longer than this blocks input (the Long Tasks API's and TBT's threshold). */
const LONG_TASK_MS = 50;
/** How long after `load` the tasks are collected: past hydration on every public page. */
const OBSERVE_MS = 5000;

const OBSERVE_LONG_TASKS = `window.__longTasks = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries())
    window.__longTasks.push({ start: entry.startTime, duration: entry.duration });
}).observe({ type: 'longtask', buffered: true });`;

/** TBT as Lighthouse defines it (the part of each long task after the first paint beyond 50 ms). */
function blockingOf({ tasks, fcp }) {
  let total = 0;
  for (const { start, duration } of tasks) {
    const blocking = start + duration - Math.max(start, fcp) - LONG_TASK_MS;
    if (blocking > 0) total += blocking;
  }
  return {
    tbtMs: Math.round(total),
    longestMs: Math.round(Math.max(0, ...tasks.map((t) => t.duration))),
  };
}

async function measureOnce(chromium, url, headers) {
  const page = await chromium.newPage({ cpuSlowdown: CPU_SLOWDOWN, viewport: PHONE_VIEWPORT });
  try {
    if (headers) await page.send('Network.setExtraHTTPHeaders', { headers });
    await page.send('Page.addScriptToEvaluateOnNewDocument', { source: OBSERVE_LONG_TASKS });
    await page.goto(url);
    await page.sleep(OBSERVE_MS);
    return blockingOf(
      await page.evaluate(`({
        tasks: window.__longTasks,
        fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
      })`),
    );
  } finally {
    await page.close();
  }
}

/**
 * For each route, `runs` loads of ours and of the no-JS page: every run's figures.
 * `headersFor(route)`: the requests' extra headers (a proof's cookie), if any.
 */
export async function measureBlocking({
  ourUrl,
  noScriptUrl,
  routes,
  headersFor,
  runs,
  chromePath,
  chromeFlags,
  log,
}) {
  const chromium = await launchChromium({ chromePath, chromeFlags });
  const results = [];
  try {
    for (const route of routes) {
      const ours = [];
      const noScript = [];
      for (let run = 0; run < runs; run += 1) {
        const headers = headersFor(route);
        ours.push(await measureOnce(chromium, `${ourUrl}${route}`, headers));
        noScript.push(await measureOnce(chromium, `${noScriptUrl}${route}`, headers));
      }
      log(`blocking at ${CPU_SLOWDOWN}× on ${route}: ${ours.map((r) => r.tbtMs).join(', ')} ms`);
      results.push({ path: route, ours, noScript });
    }
  } finally {
    await chromium.close();
  }
  return results;
}
