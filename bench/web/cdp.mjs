// A Chromium driven through the DevTools protocol directly, for bench:web's in-page figures.
// Playwright (like any DevTools client that enables the Runtime domain) makes V8 record a full
// stack trace, with source positions, for every Error the page creates. React DOM creates five
// at start-up, inside its 180 KB module function, and V8 then re-parses that function on the
// main thread: 200–400 ms at 4× CPU that no visitor's phone spends (decision 172). This client
// never enables Runtime: it only sets the phone's screen and CPU, navigates and evaluates.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Chromium with its DevTools endpoint on a free port; `close()` ends it. */
export async function launchChromium({ chromePath, chromeFlags }) {
  const profile = await mkdtemp(path.join(tmpdir(), 'tb-bench-chromium-'));
  const child = spawn(
    chromePath,
    [...chromeFlags, '--headless=new', '--remote-debugging-port=0', `--user-data-dir=${profile}`],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const endpoint = await new Promise((resolve, reject) => {
    let seen = '';
    child.stderr.on('data', (chunk) => {
      seen += chunk;
      const match = /DevTools listening on (ws:\/\/[^\s]+)/.exec(seen);
      if (match) resolve(new URL(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`Chromium exited (${code}) before listening`)));
  });
  child.stderr.resume();
  const browser = await connect(endpoint.href);
  return {
    /**
     * A tab in a context of its own (empty cache and storage, as a first visit), phone-sized,
     * its CPU slowed `cpuSlowdown` times.
     */
    async newPage({ cpuSlowdown, viewport }) {
      const { browserContextId } = await browser.send('Target.createBrowserContext');
      const { targetId } = await browser.send('Target.createTarget', {
        url: 'about:blank',
        browserContextId,
      });
      const page = await connect(`ws://${endpoint.host}/devtools/page/${targetId}`);
      await page.send('Page.enable');
      await page.send('Emulation.setDeviceMetricsOverride', { ...viewport, mobile: true });
      await page.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 5 });
      await page.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
      page.close = async () => {
        page.socket.close();
        await browser.send('Target.disposeBrowserContext', { browserContextId });
      };
      return page;
    },
    async close() {
      browser.socket.close();
      child.kill();
      // A Chromium that already ended (a crash) has an exit code or a signal, and no exit to come.
      const running = child.exitCode === null && child.signalCode === null;
      await new Promise((resolve) => (running ? child.once('exit', resolve) : resolve()));
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/** One DevTools session: `send` a command, `on` an event, `evaluate` an expression's value. */
async function connect(url) {
  const socket = new WebSocket(url);
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  let lastId = 0;
  const pending = new Map();
  const listeners = new Map();
  socket.on('message', (data) => {
    const message = JSON.parse(String(data));
    if (message.id) {
      const { resolve, reject, method } = pending.get(message.id);
      pending.delete(message.id);
      if (message.error) reject(new Error(`${method}: ${message.error.message}`));
      else resolve(message.result);
    } else for (const listener of listeners.get(message.method) ?? []) listener(message.params);
  });
  const send = (method, params = {}) =>
    new Promise((resolve, reject) => {
      lastId += 1;
      pending.set(lastId, { resolve, reject, method });
      socket.send(JSON.stringify({ id: lastId, method, params }));
    });
  return {
    socket,
    send,
    on(method, listener) {
      listeners.set(method, [...(listeners.get(method) ?? []), listener]);
    },
    /** The JSON value of `expression`, evaluated in the page. */
    async evaluate(expression) {
      const { result, exceptionDetails } = await send('Runtime.evaluate', {
        expression,
        returnByValue: true,
        awaitPromise: true,
      });
      if (exceptionDetails)
        throw new Error(
          `evaluate: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`,
        );
      return result.value;
    },
    /** Navigates and waits for the `load` event. */
    async goto(url) {
      const loaded = new Promise((resolve) => this.on('Page.loadEventFired', resolve));
      await send('Page.navigate', { url });
      await loaded;
    },
    sleep,
  };
}
