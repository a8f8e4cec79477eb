import { rm } from 'node:fs/promises';
import path from 'node:path';
import { Writable } from 'node:stream';
import { expect, it } from 'vitest';
import { createTestApp, fakeSiteBuild } from '../support/test-app';

/**
 * The pages carry the SITE_URL they were built with (canonical links, share cards); cookies
 * and mail links take the running setting. An env file edited and the instances restarted
 * without a rebuild must be said at start-up, naming both addresses and the fix.
 */
async function startWith(builtWith: string, siteUrl: string) {
  const clientDir = await fakeSiteBuild(['/'], { siteUrl: builtWith });
  const lines: { level: number; msg: string }[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)) as { level: number; msg: string });
      done();
    },
  });
  const testApp = await createTestApp('sqlite', {
    logStream,
    env: { CLIENT_DIR: clientDir, SITE_URL: siteUrl },
  });
  try {
    // Still serving: a warning, not a refusal.
    expect((await testApp.app.inject({ url: '/' })).statusCode).toBe(200);
  } finally {
    await testApp.close();
    await rm(path.dirname(clientDir), { recursive: true, force: true });
  }
  return lines.filter((line) => line.msg.includes('SITE_URL'));
}

it('warns once when the build was made with another SITE_URL, naming both and the rebuild', async () => {
  const said = await startWith('https://old.example', 'https://new.example/');
  expect(said).toHaveLength(1);
  expect(said[0]!.level).toBe(40); // warn
  expect(said[0]!.msg).toContain('built with SITE_URL https://old.example');
  expect(said[0]!.msg).toContain('SITE_URL is https://new.example:');
  expect(said[0]!.msg).toMatch(/until a rebuild .*npm run build/);
});

it('says nothing when the build and the setting agree', async () => {
  expect(await startWith('https://same.example', 'https://same.example')).toEqual([]);
});
