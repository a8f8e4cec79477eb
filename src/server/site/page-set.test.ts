import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RUNTIME_CONFIG, type RuntimeConfig } from '@shared/runtime-config';
import { loadPage, sendPage, withQuestionnaire } from './page-set';

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

describe('withQuestionnaire', () => {
  const builtIn =
    '<iframe src="/questionnaire?fillout-embed-id=application" title="Application questionnaire">';

  it('points the built-in iframe at the configured questionnaire, escaped for an attribute', () => {
    expect(withQuestionnaire(builtIn, 'https://forms.fillout.com/t/abc?a=1&b="2"')).toBe(
      '<iframe src="https://forms.fillout.com/t/abc?a=1&amp;b=&quot;2&quot;&amp;fillout-embed-id=application" title="Application questionnaire">',
    );
  });

  it('leaves the page alone without a configured questionnaire or without the iframe', () => {
    expect(withQuestionnaire(builtIn, null)).toBe(builtIn);
    const other = '<img src="/questionnaire.png">';
    expect(withQuestionnaire(other, 'https://forms.fillout.com/t/abc')).toBe(other);
  });

  it('is applied when the page is loaded', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'tb-typeform-'));
    await writeFile(path.join(dir, 'typeform.html'), `<html><head></head><body>${builtIn}</body>`);
    const page = await loadPage(dir, 'typeform.html', config);
    expect(page.encoded.identity.body.toString()).toContain(
      'src="https://forms.example/t/abc?x=&lt;/script&gt;&lt;b&gt;&amp;fillout-embed-id=application"',
    );
    await rm(dir, { recursive: true, force: true });
  });
});

describe('page headers', () => {
  it('sends the headers a page was loaded with, replacing those set before', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'tb-headers-'));
    await writeFile(path.join(dir, 'page.html'), '<html><head></head><body></body></html>');
    const page = await loadPage(dir, 'page.html', DEFAULT_RUNTIME_CONFIG, {
      'Content-Security-Policy': "default-src 'self'",
    });
    const server = Fastify();
    server.addHook('onRequest', async (_request, reply) => {
      reply.header('Content-Security-Policy', "default-src 'none'");
    });
    server.get('/', (request, reply) => sendPage(request, reply, page));
    const response = await server.inject({ url: '/' });
    expect(response.headers['content-security-policy']).toBe("default-src 'self'");
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });
});
