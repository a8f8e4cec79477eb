// The no-JavaScript limit of `npm run bench:web` (issue 23): a local proxy in front of the same
// server that answers its pages with every script and modulepreload link removed and passes
// everything else through. Lighthouse on it measures what this HTML and CSS could paint at best.
import { Agent, createServer, request } from 'node:http';
import zlib from 'node:zlib';

const SCRIPT = /<script\b[^>]*>[\s\S]*?<\/script\s*>/gi;
const MODULE_PRELOAD = /<link\b[^>]*\brel=["']?modulepreload\b[^>]*>/gi;

/** The page as it would be with no JavaScript at all. */
export const withoutScripts = (html) => html.replace(SCRIPT, '').replace(MODULE_PRELOAD, '');

/**
 * The stripped page is compressed again as the server sent it, so both measure a document of
 * (about) the same size on Lighthouse's slow network.
 */
const CODECS = {
  identity: [(body) => body, (body) => body],
  br: [zlib.brotliDecompressSync, zlib.brotliCompressSync],
  gzip: [zlib.gunzipSync, (body) => zlib.gzipSync(body, { level: 9 })],
  deflate: [zlib.inflateSync, (body) => zlib.deflateSync(body, { level: 9 })],
};

/** Headers about one hop's connection, never forwarded. */
const HOP_BY_HOP = ['connection', 'keep-alive', 'transfer-encoding'];

function forwardedHeaders(headers) {
  const kept = { ...headers };
  for (const name of HOP_BY_HOP) delete kept[name];
  return kept;
}

function strippedPage(answer, body) {
  const encoding = answer.headers['content-encoding'] ?? 'identity';
  const codec = CODECS[encoding];
  if (!codec) throw new Error(`no-script proxy: unknown content-encoding ${encoding}`);
  const [decode, encode] = codec;
  return encode(Buffer.from(withoutScripts(decode(body).toString('utf8'))));
}

/** Starts the proxy for `target` (the server's base URL) on a free port of 127.0.0.1. */
export async function startNoScriptProxy(target) {
  const upstream = new URL(target);
  const agent = new Agent({ keepAlive: true });
  const server = createServer((incoming, outgoing) => {
    const forward = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: incoming.method,
        path: incoming.url,
        headers: { ...forwardedHeaders(incoming.headers), host: upstream.host },
        agent,
      },
      (answer) => {
        const headers = forwardedHeaders(answer.headers);
        if (!String(answer.headers['content-type'] ?? '').startsWith('text/html')) {
          outgoing.writeHead(answer.statusCode ?? 502, headers);
          answer.pipe(outgoing);
          return;
        }
        const chunks = [];
        answer.on('data', (chunk) => chunks.push(chunk));
        answer.on('end', () => {
          const body = strippedPage(answer, Buffer.concat(chunks));
          outgoing.writeHead(answer.statusCode ?? 502, {
            ...headers,
            'content-length': body.length,
          });
          outgoing.end(body);
        });
      },
    );
    forward.on('error', (error) => outgoing.destroy(error));
    incoming.pipe(forward);
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  return {
    baseUrl: `http://127.0.0.1:${server.address().port}`,
    close: () =>
      new Promise((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(resolve);
      }),
  };
}
