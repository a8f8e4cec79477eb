import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadConfig, SETTING_NAMES } from '../../src/server/config/config';
import { CADDY_BIN, CADDYFILE, caddyUnavailableReason } from '../support/caddy';

/**
 * docs/deploy.md's production set-up, tested where it can be without a production machine:
 * the systemd unit (systemd-analyze verify), the shared environment file (the server's own
 * configuration check), and the Caddyfile filled in for three instances (caddy adapt). The
 * same Caddyfile runs in tests/api/multi-instance-proxy.test.ts.
 */

const run = promisify(execFile);
const deployDir = path.resolve(import.meta.dirname, '..', '..', 'deploy');
const readDeploy = (name: string) => readFile(path.join(deployDir, name), 'utf8');
const SYSTEMD_ANALYZE = '/usr/bin/systemd-analyze';

/** KEY=VALUE lines of a unit section or an environment file, comments left out. */
function settings(text: string): [string, string][] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#') && !line.startsWith('['))
    .map((line) => {
      const at = line.indexOf('=');
      return [line.slice(0, at), line.slice(at + 1)];
    });
}

// Under CI (npm test installs systemd first) a missing systemd-analyze fails the test, never skips it.
const noSystemd = !existsSync(SYSTEMD_ANALYZE) && process.env.CI !== 'true';
if (noSystemd) console.warn(`\n!! ${SYSTEMD_ANALYZE} is missing: the unit is not verified.\n`);

describe('the systemd unit (deploy/talent-bridge@.service)', () => {
  it('runs the built server on loopback at the instance’s port, and outlasts its shutdown', async () => {
    const unit = settings(await readDeploy('talent-bridge@.service'));
    const values = (key: string) => unit.filter(([name]) => name === key).map(([, v]) => v);
    expect(values('ExecStart')).toEqual(['/usr/bin/node /opt/talent-bridge/dist/server/main.js']);
    expect(values('Environment').join(' ').split(' ')).toEqual(
      expect.arrayContaining(['NODE_ENV=production', 'HOST=127.0.0.1', 'PORT=%i']),
    );
    expect(values('EnvironmentFile')).toEqual(['/etc/talent-bridge/env']);
    // main.ts gives a shutdown 15 s before it exits anyway; systemd must not SIGKILL sooner.
    const main = await readFile(
      path.resolve(import.meta.dirname, '..', '..', 'src', 'server', 'main.ts'),
      'utf8',
    );
    const shutdownMs = Number(/SHUTDOWN_TIMEOUT_MS = ([\d_]+)/.exec(main)?.[1]?.replace('_', ''));
    expect(shutdownMs).toBeGreaterThan(0);
    expect(Number.parseInt(values('TimeoutStopSec')[0] ?? '', 10) * 1000).toBeGreaterThan(
      shutdownMs,
    );
  });

  it('retries a start refused during a restore until the restore is done: no start limit', async () => {
    const unit = settings(await readDeploy('talent-bridge@.service'));
    const value = (key: string) => unit.find(([name]) => name === key)?.[1];
    // systemd's default (5 starts in 10 s) would leave the instance down after a long restore.
    expect([value('Restart'), value('StartLimitIntervalSec')]).toEqual(['on-failure', '0']);
  });

  it.skipIf(noSystemd)(
    'passes systemd-analyze verify with no warning (every key known, every value valid)',
    async () => {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'tb-unit-'));
      try {
        // An instance of the template; node where this machine has it.
        const unit = (await readDeploy('talent-bridge@.service')).replace(
          '/usr/bin/node ',
          `${process.execPath} `,
        );
        const file = path.join(dir, 'talent-bridge@3001.service');
        await writeFile(file, unit);
        const { stdout, stderr } = await run(SYSTEMD_ANALYZE, ['verify', '--man=no', file]);
        expect(`${stdout}${stderr}`.trim()).toBe('');
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  );
});

describe('the shared environment file (deploy/talent-bridge.env.example)', () => {
  it('is a valid production configuration behind a proxy, with documented variables only', async () => {
    const env = Object.fromEntries(settings(await readDeploy('talent-bridge.env.example')));
    const config = loadConfig({ ...env, HOST: '127.0.0.1', PORT: '3001', DATA_DIR: '/tmp/x' });
    expect(config.env).toBe('production');
    expect(config.databaseUrl).toMatch(/^postgres:\/\//);
    expect(config.site.siteUrl).toMatch(/^https:\/\//);
    expect(config.admin.hash).toBeDefined();
    expect(config.trustProxy).not.toBe(false);
    // Every setting the server reads is in docs/configuration.md (src/server/config/settings-listed.test.ts).
    for (const name of Object.keys(env)) expect(SETTING_NAMES).toContain(name);
  });

  it('reaches the build whole through docs/deploy.md’s build commands, as systemd reads it', async () => {
    const file = path.join(deployDir, 'talent-bridge.env.example');
    const doc = await readFile(path.join(deployDir, '..', 'docs', 'deploy.md'), 'utf8');
    const commands = doc
      .split('\n')
      .filter((line) => line.includes('/etc/talent-bridge/env') && line.includes('build'));
    expect(commands).toHaveLength(2);
    const dir = await mkdtemp(path.join(os.tmpdir(), 'tb-build-env-'));
    try {
      // The build replaced by a script that prints the environment it was given.
      const printer = path.join(dir, 'print-env.mjs');
      await writeFile(printer, 'process.stdout.write(JSON.stringify(process.env));');
      for (const command of commands) {
        const script = command
          .trim()
          .replace('cd /opt/talent-bridge && ', '')
          .replaceAll('/etc/talent-bridge/env', file)
          .replace('npm run build', `node ${printer}`)
          .replace('scripts/build.mjs', printer);
        const { stdout } = await run('bash', ['-c', script], {
          env: { PATH: process.env.PATH ?? '' },
        });
        // systemd's EnvironmentFile takes each value whole: `<`, spaces and `$` included.
        expect(JSON.parse(stdout), command).toMatchObject(
          Object.fromEntries(settings(await readFile(file, 'utf8'))),
        );
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe.skipIf(caddyUnavailableReason() !== undefined && process.env.CI !== 'true')(
  'the Caddyfile (deploy/Caddyfile) in production',
  () => {
    it('serves the site over ACME certificates and balances over every instance', async () => {
      const home = await mkdtemp(path.join(os.tmpdir(), 'tb-caddy-adapt-'));
      try {
        const { stdout } = await run(
          CADDY_BIN,
          ['adapt', '--config', CADDYFILE, '--adapter', 'caddyfile'],
          {
            env: {
              PATH: process.env.PATH ?? '',
              HOME: home,
              SITE_ADDRESS: 'talentbridge.example',
              TLS_ISSUER: 'ops@talentbridge.example',
              UPSTREAMS: '127.0.0.1:3001 127.0.0.1:3002 127.0.0.1:3003',
            },
          },
        );
        const json = JSON.parse(stdout) as {
          admin: { listen: string };
          apps: {
            http: { servers: Record<string, { listen: string[] }> };
            tls: { automation: { policies: { subjects: string[]; issuers: object[] }[] } };
            pki: { certificate_authorities: { local: { install_trust: boolean } } };
          };
        };
        expect(json.admin.listen).toBe('localhost:2019');
        const [server] = Object.values(json.apps.http.servers);
        expect(server?.listen).toEqual([':443']);
        expect(json.apps.tls.automation.policies).toEqual([
          {
            subjects: ['talentbridge.example'],
            issuers: expect.arrayContaining([
              { module: 'acme', email: 'ops@talentbridge.example' },
            ]) as object[],
          },
        ]);
        expect(json.apps.pki.certificate_authorities.local.install_trust).toBe(false);
        const proxy = JSON.stringify(json.apps.http);
        expect(proxy).toContain('"selection_policy":{"policy":"least_conn"}');
        expect(proxy).toContain('"uri":"/api/health"');
        // Idle connections to each instance are kept (a new one per request costs the
        // instance CPU), and dropped before the server would close them.
        expect(proxy).toContain('"max_idle_conns_per_host":32');
        expect(proxy).toContain('"idle_timeout":30000000000');
        expect(proxy).toContain(
          '"upstreams":[{"dial":"127.0.0.1:3001"},{"dial":"127.0.0.1:3002"},{"dial":"127.0.0.1:3003"}]',
        );
      } finally {
        await rm(home, { recursive: true, force: true });
      }
    });
  },
);
