import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chown, copyFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './ports';

/**
 * Debian's Caddy, run by the tests as an unprivileged child process: the repository's own
 * deploy/Caddyfile (the one docs/deploy.md documents), filled in through Caddy's environment
 * placeholders, on free high ports, with its internal CA kept in a temp dir of its own
 * (XDG_DATA_HOME) and never installed into the system's trust store (skip_install_trust).
 * When the tests run as root, Caddy runs as `nobody`.
 */

export const CADDY_BIN = process.env.CADDY_PATH ?? '/usr/bin/caddy';
const UNPRIVILEGED_USER = 'nobody';
export const CADDYFILE = path.resolve(import.meta.dirname, '..', '..', 'deploy', 'Caddyfile');

/** Why Caddy cannot be run here, or undefined when it can. */
export function caddyUnavailableReason(): string | undefined {
  return existsSync(CADDY_BIN) ? undefined : `${CADDY_BIN} is missing (apt-get install caddy)`;
}

/** One request Caddy handed to an instance, from its debug log ("upstream roundtrip"). */
export interface Roundtrip {
  /** host:port of the instance that answered. */
  upstream: string;
  status: number;
  uri: string;
  /** The request's headers as Caddy sent them to the instance. */
  headers: Record<string, string[]>;
}

export interface CaddyProcess {
  /** https://localhost:<port>, the public site. */
  url: string;
  /** Caddy's internal root certificate (PEM): what a client trusts to talk to it. */
  ca: string;
  child: ChildProcess;
  /** Requests proxied so far. */
  roundtrips(): Roundtrip[];
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts Caddy in front of `upstreams` (host:port) and resolves once it proxies /api/health.
 * `logLevel` DEBUG (the tests) logs every request's instance; INFO for a benchmark.
 */
export async function startCaddy(
  upstreams: string[],
  { logLevel = 'DEBUG' }: { logLevel?: 'DEBUG' | 'INFO' } = {},
): Promise<CaddyProcess> {
  const home = await mkdtemp(path.join(os.tmpdir(), 'tb-caddy-'));
  // A copy of the very file, where `nobody` can read it wherever the checkout is.
  const caddyfile = path.join(home, 'Caddyfile');
  await copyFile(CADDYFILE, caddyfile);
  const caddyArgs = ['run', '--config', caddyfile, '--adapter', 'caddyfile'];
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const id = (flag: string) =>
      Number(execFileSync('id', [flag, UNPRIVILEGED_USER], { encoding: 'utf8' }));
    await chown(home, id('-u'), id('-g'));
    await chown(caddyfile, id('-u'), id('-g'));
  }
  const httpsPort = await freePort();
  const [command, args] = asRoot
    ? ['runuser', ['-m', '-u', UNPRIVILEGED_USER, '--', CADDY_BIN, ...caddyArgs]]
    : [CADDY_BIN, caddyArgs];
  const child = spawn(command, args, {
    cwd: home,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: home,
      XDG_DATA_HOME: path.join(home, 'data'),
      XDG_CONFIG_HOME: path.join(home, 'config'),
      CADDY_ADMIN: `127.0.0.1:${await freePort()}`,
      HTTP_PORT: String(await freePort()),
      HTTPS_PORT: String(httpsPort),
      // The debug log names the instance each request went to.
      CADDY_LOG_LEVEL: logLevel,
      SITE_ADDRESS: 'localhost',
      TLS_ISSUER: 'internal',
      UPSTREAMS: upstreams.join(' '),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const roundtrips: Roundtrip[] = [];
  let partial = '';
  const collect = (chunk: Buffer) => {
    const text = partial + String(chunk);
    const lines = text.split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.includes('"upstream roundtrip"')) {
        output += `${line}\n`;
        continue;
      }
      const entry = JSON.parse(line) as {
        upstream: string;
        status: number;
        request: { uri: string; headers: Record<string, string[]> };
      };
      roundtrips.push({
        upstream: entry.upstream,
        status: entry.status,
        uri: entry.request.uri,
        headers: entry.request.headers,
      });
    }
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    await rm(home, { recursive: true, force: true });
  };

  const url = `https://localhost:${httpsPort}`;
  const rootFile = path.join(home, 'data', 'caddy', 'pki', 'authorities', 'local', 'root.crt');
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`caddy exited during start-up:\n${output}`);
    }
    if (existsSync(rootFile)) {
      const ca = await readFile(rootFile, 'utf8');
      const response = await httpsRequest({ url, ca }, 'GET', '/api/health').catch(() => undefined);
      if (response?.status === 200) {
        return { url, ca, child, roundtrips: () => roundtrips, output: () => output, stop };
      }
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`caddy did not proxy /api/health within 30 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export interface HttpsAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

export interface HttpsRequestOptions {
  headers?: Record<string, string>;
  body?: string;
  /** The loopback address the client connects from (127.0.0.2 …): a client of its own. */
  localAddress?: string;
  agent?: https.Agent;
}

/** One HTTPS request to Caddy, trusting only its internal root. */
export function httpsRequest(
  site: { url: string; ca: string },
  method: string,
  pathAndQuery: string,
  options: HttpsRequestOptions = {},
): Promise<HttpsAnswer> {
  return new Promise((resolve, reject) => {
    const request = https.request(
      new URL(pathAndQuery, site.url),
      {
        method,
        ca: site.ca,
        headers: options.headers,
        localAddress: options.localAddress,
        agent: options.agent,
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, text }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}
