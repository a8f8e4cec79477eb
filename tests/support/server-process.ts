import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { BROWSER_USER_AGENT } from './browser-user-agent';
import { freePort } from './ports';

const root = path.resolve(import.meta.dirname, '..', '..');

export interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
  /** Everything the server wrote, for failure messages. */
  output(): string;
  /** The JSON log entries written so far (LOG_FORMAT=json, or output piped: not a terminal). */
  jsonEntries(): Record<string, unknown>[];
}

/** Set by the API tests' global set-up: the directory of BUNDLED_ENTRIES, bundled once per run. */
export const TEST_SERVER_BUNDLE = 'TEST_SERVER_BUNDLE';

/** What runs in child processes of the API tests: the server and the backup scripts. */
export const BUNDLED_ENTRIES = {
  main: 'src/server/main.ts',
  backup: 'scripts/backup.ts',
  restore: 'scripts/restore.ts',
  'reset-owner-sign-in': 'scripts/reset-owner-sign-in.ts',
} as const;

/** How to run an entry from source: the tests' bundle when there is one, else through tsx. */
export const sourceArgs = (name: keyof typeof BUNDLED_ENTRIES = 'main'): string[] => {
  const dir = process.env[TEST_SERVER_BUNDLE];
  return dir ? [path.join(dir, `${name}.mjs`)] : ['--import', 'tsx', BUNDLED_ENTRIES[name]];
};

/** Servers still running, for stopLeftoverServers. */
const running = new Set<ChildProcess>();

/**
 * Kills the servers a test file left running: a test that timed out never reaches its own
 * clean-up, and a server outliving its file holds its port and folder for the rest of the run.
 */
export async function stopLeftoverServers() {
  await Promise.all(
    [...running].map(
      (child) => new Promise((resolve) => child.once('exit', resolve).kill('SIGKILL')),
    ),
  );
}

/**
 * Runs the real server entry point (src/server/main.ts, see sourceArgs, or with
 * `options.built` the production build's dist/server/main.js) in a child process,
 * on a free port of 127.0.0.1 (or `options.port`, to restart an instance where a proxy expects
 * it; `options.host` for the start-up's refusals), and resolves once GET /api/health answers 200.
 */
export async function startServerProcess(
  env: Record<string, string>,
  options: { port?: number; built?: boolean; host?: string } = {},
): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const entry = options.built ? ['dist/server/main.js'] : sourceArgs();
  const child = spawn(process.execPath, entry, {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      // The crash and shutdown tests post leads as fast as they can from one address.
      LEAD_RATE_LIMIT: '0',
      SPAM_MIN_FILL_MS: '0',
      ...env,
      HOST: options.host ?? '127.0.0.1',
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += String(chunk)));
  child.stderr?.on('data', (chunk) => (output += String(chunk)));
  running.add(child);
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => {
      running.delete(child);
      resolve(code ?? signal ?? 'unknown');
    }),
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`server exited during start-up:\n${output}`);
    }
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not become healthy within 30 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const jsonEntries = () =>
    output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { child, baseUrl, exited, output: () => output, jsonEntries };
}

/** POSTs JSON; resolves with the status, or with the network error's text. */
export async function tryPost(
  url: string,
  body: unknown,
): Promise<{ status: number; body?: unknown } | { error: string }> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      // Node's own agent ('node') is a bot to isbot (decision 095).
      headers: { 'content-type': 'application/json', 'user-agent': BROWSER_USER_AGENT },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: response.ok ? JSON.parse(text) : undefined };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}
