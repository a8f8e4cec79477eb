// Interaction to Next Paint of `npm run bench:web` (issue 23): a phone-sized Chromium at 4× CPU
// slowdown loads a form page, taps each field and types into it key by key, then taps submit. The
// Event Timing API (what INP is made of) gives each interaction's duration: input delay, handlers
// and the wait for the next paint. The lead's POST is held, then dropped, so the page stays to be
// read; without scripts it is the browser's own post, answered 204 No Content, which keeps the page.
// Each run does the same on the page with its scripts removed: the browser's own share of a tap
// and a key on this machine, as the no-JavaScript limit is for LCP.
import { chromium } from 'playwright';

export const CPU_SLOWDOWN = 4;
/** Lighthouse's mobile screen (a Moto G Power). */
export const PHONE_VIEWPORT = { width: 412, height: 823, deviceScaleFactor: 1.75 };

/** The forms measured: the fields typed (each with its e-mail) and the submit button. */
export const INTERACTION_FORMS = [
  {
    path: '/candidates',
    fields: [
      ['First name', 'Ada'],
      ['Last name', 'Lovelace'],
      ['Email', 'ada.lovelace@example.com'],
    ],
    submit: 'Continue to Application',
  },
  { path: '/career', fields: [['Email', 'grace.hopper@example.com']], submit: 'Get Started' },
];

/** Where the forms post their leads. */
const LEAD_API = /\/api\/(candidates|companies)\//;
/** Milliseconds between two key presses: a quick typist. */
const KEY_DELAY_MS = 100;
/** From the tap on a field to the first key: a phone's keyboard takes about this long to open. */
export const KEYBOARD_OPEN_MS = 300;
/** How long the page is left to settle before a tap, and after it before the entries are read. */
const SETTLE_MS = 1000;

/** Records every entry that belongs to an interaction, from the page's first moment. */
function observeInteractions() {
  window.__interactions = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.interactionId)
        window.__interactions.push({
          id: entry.interactionId,
          name: entry.name,
          duration: entry.duration,
        });
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
}

/**
 * One interaction per id, as long as its longest event. Interactions under 16 ms are not
 * reported by the browser at all: 0 stands for "under 16 ms".
 */
function interactionsOf(entries) {
  const byId = new Map();
  for (const { id, name, duration } of entries) {
    const kind = name.startsWith('key') ? 'key' : 'tap';
    byId.set(id, { kind, duration: Math.max(duration, byId.get(id)?.duration ?? 0) });
  }
  const durations = (kind) =>
    [...byId.values()].filter((i) => i.kind === kind).map((i) => i.duration);
  return {
    typingMs: Math.max(0, ...durations('key')),
    tapMs: Math.max(0, ...durations('tap')),
    keysOver16Ms: durations('key'),
    tapsOver16Ms: durations('tap'),
  };
}

/**
 * A phone-sized page in a context of its own, its CPU slowed CPU_SLOWDOWN times, `observe`
 * running in it before any of the page's scripts. Close its context when done.
 */
async function slowedPhonePage(browser, observe) {
  const { width, height, deviceScaleFactor } = PHONE_VIEWPORT;
  const context = await browser.newContext({
    viewport: { width, height },
    deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await page.addInitScript(observe);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return { context, page };
}

/**
 * A bare touch at the element's centre, once it is in view and the page has settled: Playwright's
 * own tap() and pressSequentially() first run their checks (and a focus) as script in the page,
 * which at 4× CPU would be counted as the page's input delay.
 */
async function touch(page, element) {
  // Mid-screen, as a person scrolls a field before tapping it. At the screen's very edge, on a
  // page that draws no frame of its own (no canvas drifting: reduced motion, or no script),
  // headless Chromium reports the tap and the keys only at some later frame, seconds on.
  await element.evaluate((target) => target.scrollIntoView({ block: 'center' }));
  await page.waitForTimeout(SETTLE_MS);
  const box = await element.boundingBox();
  if (!box) throw new Error(`${page.url()}: ${element} is not shown`);
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
}

/** One person filling `form` at `baseUrl`; `scripted` is false for the page without scripts. */
async function measureOnce(browser, baseUrl, form, { scripted }) {
  const { context, page } = await slowedPhonePage(browser, observeInteractions);
  try {
    const held = [];
    await page.route(LEAD_API, (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      return scripted ? held.push(route) : route.fulfill({ status: 204 });
    });
    await page.goto(`${baseUrl}${form.path}`, { waitUntil: 'load' });
    // The page's code loads after the first paint (decision 164): typed before it has hydrated,
    // a key would be held for React's selective hydration and time the loading, not the form.
    if (scripted)
      await page.waitForSelector('html[data-hydrated]', { state: 'attached', timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    const scope = page
      .locator('form')
      .filter({ has: page.getByRole('button', { name: form.submit, exact: true }) });
    // As a person on a phone: tap a field, wait for the keyboard, type; then tap submit.
    for (const [label, text] of form.fields) {
      await touch(page, scope.getByLabel(label, { exact: true }));
      await page.waitForTimeout(KEYBOARD_OPEN_MS);
      await page.keyboard.type(text, { delay: KEY_DELAY_MS });
    }
    const posted = page.waitForRequest(
      (request) => request.method() === 'POST' && LEAD_API.test(request.url()),
      { timeout: 15_000 },
    );
    await touch(page, scope.getByRole('button', { name: form.submit, exact: true }));
    await posted.catch(() => {
      throw new Error(`${form.path}: the submit sent nothing`);
    });
    await page.waitForTimeout(SETTLE_MS);
    const interactions = interactionsOf(await page.evaluate(() => window.__interactions));
    await Promise.all(held.map((route) => route.abort()));
    return { ...interactions, inpMs: Math.max(interactions.typingMs, interactions.tapMs) };
  } finally {
    await context.close();
  }
}

/**
 * Each form `runs` times in a fresh context, on our page and on the page without scripts, in
 * turn (so both see the same machine); the figures of every run.
 */
export async function measureInteractions({
  baseUrl,
  noScriptUrl,
  runs,
  chromePath,
  chromeFlags,
  log,
}) {
  const browser = await chromium.launch({ executablePath: chromePath, args: chromeFlags });
  const results = [];
  try {
    for (const form of INTERACTION_FORMS) {
      const perRun = [];
      const noScriptRuns = [];
      for (let run = 0; run < runs; run += 1) {
        perRun.push(await measureOnce(browser, baseUrl, form, { scripted: true }));
        noScriptRuns.push(await measureOnce(browser, noScriptUrl, form, { scripted: false }));
      }
      const inps = (list) => list.map((r) => r.inpMs).join(', ');
      log(`INP on ${form.path}: ${inps(perRun)} ms (no-JS page: ${inps(noScriptRuns)} ms)`);
      results.push({ path: form.path, submit: form.submit, runs: perRun, noScriptRuns });
    }
  } finally {
    await browser.close();
  }
  return results;
}
