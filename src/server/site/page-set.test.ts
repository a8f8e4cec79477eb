import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RUNTIME_CONFIG, type RuntimeConfig } from '../../shared/runtime-config';
import { loadPage, sendPage } from './page-set';

const config: RuntimeConfig = {
  metaPixelId: '1234567890',
  consentMode: 'opt-in',
  questionnaireUrl: 'https://forms.example/t/abc?x=</script><b>',
};

describe('pages served with the run-time config', () => {
  let dir: string;
  const app = Fastify();

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'tb-pages-'));
    await writeFile(
      path.join(dir, 'page.html'),
      '<!doctype html><html><head><title>T</title></head><body><h1>Hi</h1></body></html>',
    );
    const page = await loadPage(dir, 'page.html', config);
    app.get('/', (request, reply) => sendPage(request, reply, page));
    app.get('/missing', (request, reply) => sendPage(request, reply, page, 404));
  });
  afterAll(async () => {
    await app.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('adds the config as a JSON block before </head>, with "<" escaped', async () => {
    const response = await app.inject({ url: '/', headers: { 'accept-encoding': 'identity' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    const block =
      /<script type="application\/json" id="runtime-config">(.*?)<\/script><\/head>/.exec(
        response.body,
      );
    expect(block?.[1]).not.toContain('<');
    expect(JSON.parse(block?.[1] ?? '')).toEqual(config);
    expect(response.body).toContain('<h1>Hi</h1>');
  });

  it('answers brotli, gzip or identity as the browser accepts, with the same page', async () => {
    const get = (encoding: string) =>
      app.inject({ url: '/', headers: { 'accept-encoding': encoding } });
    const plain = (await get('identity')).rawPayload.toString();
    const br = await get('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain);
    const gzip = await get('gzip, br;q=0');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain);
    expect((await get('')).headers['content-encoding']).toBeUndefined();
  });

  it('revalidates with its ETag (304) and keeps the status of a not-found page', async () => {
    const first = await app.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
    const etag = String(first.headers.etag);
    const again = await app.inject({
      url: '/',
      headers: { 'accept-encoding': 'br', 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const missing = await app.inject({ url: '/missing', headers: { 'if-none-match': etag } });
    expect(missing.statusCode).toBe(404);
  });

  it('refuses a page without a head to put the config in', async () => {
    await writeFile(path.join(dir, 'bad.html'), '<h1>no head</h1>');
    await expect(loadPage(dir, 'bad.html', DEFAULT_RUNTIME_CONFIG)).rejects.toThrow(/head/);
  });
});
