// bench:web's blocking time as the page itself sees it (decision 167): Chromium slowed 4× by
// DevTools, no trace recording, the Long Tasks API in the page. Lighthouse's TBT multiplies the
// tasks of a traced load by 4 instead, and tracing makes large scripts slower to run, so both
// figures are printed. Our page and its no-JavaScript twin, in the same browser, turn by turn.
import { chromium } from 'playwright';
import { CPU_SLOWDOWN, slowedPhonePage } from './bench-web-interaction.mjs';

/** A task longer than this blocks input (the Long Tasks API's and TBT's threshold). */
const LONG_TASK_MS = 50;
/** How long after `load` the tasks are collected: past hydration on every public page. */
const OBSERVE_MS = 5000;

function observeLongTasks() {
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      window.__longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
}

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

async function measureOnce(browser, url) {
  const { context, page } = await slowedPhonePage(browser, observeLongTasks);
  try {
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForTimeout(OBSERVE_MS);
    return blockingOf(
      await page.evaluate(() => ({
        tasks: window.__longTasks,
        fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
      })),
    );
  } finally {
    await context.close();
  }
}

/** For each route, `runs` loads of ours and of the no-JS page: every run's figures. */
export async function measureBlocking({
  ourUrl,
  noScriptUrl,
  routes,
  runs,
  chromePath,
  chromeFlags,
  log,
}) {
  const browser = await chromium.launch({ executablePath: chromePath, args: chromeFlags });
  const results = [];
  try {
    for (const route of routes) {
      const ours = [];
      const noScript = [];
      for (let run = 0; run < runs; run += 1) {
        ours.push(await measureOnce(browser, `${ourUrl}${route}`));
        noScript.push(await measureOnce(browser, `${noScriptUrl}${route}`));
      }
      log(`blocking at ${CPU_SLOWDOWN}× on ${route}: ${ours.map((r) => r.tbtMs).join(', ')} ms`);
      results.push({ path: route, ours, noScript });
    }
  } finally {
    await browser.close();
  }
  return results;
}
