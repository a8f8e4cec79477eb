import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of the benchmark scripts, without type declarations.
import { closedLoopLoad } from '../../scripts/closed-loop-load.mjs';

interface LoadResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}

const servers: http.Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function serve(handler: http.RequestListener): Promise<string> {
  const server = http.createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const post = (url: string, body: string) =>
  `POST /lead HTTP/1.1\r\nHost: ${new URL(url).host}\r\ncontent-type: application/json\r\n` +
  `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;

describe("bench:api's load generator (scripts/closed-loop-load.mjs)", () => {
  it('sends what the caller builds and hears every answer: 2xx, 204 without a body, non-2xx, bodies in pieces', async () => {
    const received: string[] = [];
    const url = await serve((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        received.push(body);
        const n = received.length;
        if (n % 5 === 0) return response.writeHead(204).end();
        if (n % 7 === 0) return response.writeHead(503, { 'content-length': '4' }).end('busy');
        // A body written in two pieces, the second a little later.
        response.writeHead(200, { 'content-type': 'application/json', 'content-length': '11' });
        response.write('{"ok":');
        setTimeout(() => response.end('true}'), 1);
      });
    });
    let sent = 0;
    const heard: { status: number; n: number }[] = [];
    const result = (await closedLoopLoad({
      url,
      connections: 3,
      durationMs: 300,
      nextRequest: (context: { n?: number }) => {
        context.n = sent;
        return post(url, `{"n":${sent++}}`);
      },
      onResponse: (status: number, context: { n: number }) => heard.push({ status, n: context.n }),
    })) as LoadResult;

    expect(result.errors).toBe(0);
    expect(result.timeouts).toBe(0);
    expect(result.requests.total).toBe(sent);
    expect(received).toHaveLength(sent);
    expect(new Set(received)).toEqual(new Set(heard.map(({ n }) => `{"n":${n}}`)));
    const non2xx = heard.filter(({ status }) => status < 200 || status >= 300).length;
    expect(non2xx).toBeGreaterThan(0);
    expect(result.non2xx).toBe(non2xx);
    expect(heard.some(({ status }) => status === 204)).toBe(true);
    expect(result.requests.average).toBeGreaterThan(0);
    expect(result.latency.p99).toBeGreaterThanOrEqual(result.latency.p50);
  });

  it('counts an answer that never comes as a timeout once the run and its grace are over', async () => {
    let requests = 0;
    const url = await serve((_request, response) => {
      if (++requests <= 2) response.writeHead(200, { 'content-length': '0' }).end();
      // Then silence: the connection stays open and nothing is answered.
    });
    const result = (await closedLoopLoad({
      url,
      connections: 1,
      durationMs: 200,
      graceMs: 200,
      nextRequest: () => `GET / HTTP/1.1\r\nHost: ${new URL(url).host}\r\n\r\n`,
    })) as LoadResult;
    expect(result.requests.total).toBe(2);
    expect(result.timeouts).toBe(1);
  });

  it('counts an answer without a length (chunked) as an error, and ends the run instead of hanging', async () => {
    const url = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end('no length');
    });
    const result = (await closedLoopLoad({
      url,
      connections: 2,
      durationMs: 5000,
      nextRequest: () => `GET / HTTP/1.1\r\nHost: ${new URL(url).host}\r\n\r\n`,
    })) as LoadResult;
    expect(result.errors).toBe(2);
    expect(result.requests.total).toBe(0);
  });
});
