import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { startServerProcess } from '../support/server-process';
import { fakeClientDir } from '../support/test-app';
import { adminEnv } from '../support/admin';

it('refuses to start with TRUST_PROXY=true, naming the safe forms (and starts with one)', async () => {
  const root = await mkdtemp(path.join(os.tmpdir(), 'tb-trust-proxy-'));
  const env = {
    ...adminEnv,
    DATA_DIR: path.join(root, 'data'),
    CLIENT_DIR: await fakeClientDir(root),
  };
  try {
    const refused = await startServerProcess({ ...env, TRUST_PROXY: 'true' }).then(
      (server) => {
        server.child.kill('SIGKILL');
        return 'started';
      },
      (error: Error) => error.message,
    );
    expect(refused).toMatch(/server exited during start-up/);
    expect(refused).toMatch(/TRUST_PROXY: "true" would trust every hop/);
    expect(refused).toContain('the number of proxies in front of the server (e.g. 1)');
    expect(refused).toContain('their addresses or subnets');

    const server = await startServerProcess({ ...env, TRUST_PROXY: '1' });
    try {
      expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  } finally {
    await rm(root, { recursive: true, force: true });
  }
});
