// Meta's hosts for `npm run bench:web`: this machine has no internet, so Chromium resolves them to
// a local HTTPS stub that serves a few bytes in place of fbevents.js.
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:https';
import path from 'node:path';

/** A pixel id for the benchmark's server. */
export const BENCH_PIXEL_ID = '1234567890123';
const META_HOSTS = ['connect.facebook.net', 'www.facebook.com'];

/** The Chromium flags that send Meta's hosts to the stub. */
export const META_STUB_FLAGS = [
  `--host-resolver-rules=${META_HOSTS.map((host) => `MAP ${host} 127.0.0.1`).join(',')}`,
  '--ignore-certificate-errors',
];

/**
 * Meta's hosts, answered locally over HTTPS on port 443 with a self-signed certificate written
 * to `dir`: fbevents.js is a stub that takes the queued calls (like the real library, it sets
 * `fbq.callMethod`), anything else is 204.
 */
export async function startMetaStub(dir) {
  const key = path.join(dir, 'meta-key.pem');
  const cert = path.join(dir, 'meta-cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-keyout',
      key,
      '-out',
      cert,
      '-subj',
      `/CN=${META_HOSTS[0]}`,
      '-addext',
      `subjectAltName=${META_HOSTS.map((host) => `DNS:${host}`).join(',')}`,
    ],
    { stdio: 'ignore' },
  );
  const stub = `(()=>{const f=window.fbq;if(!f)return;f.queue=[];f.callMethod=()=>{};})();`;
  const server = createServer(
    { key: await readFile(key), cert: await readFile(cert) },
    (request, response) => {
      if (request.url?.endsWith('/fbevents.js')) {
        response.writeHead(200, {
          'Content-Type': 'text/javascript',
          'Cache-Control': 'public, max-age=1200',
          'Access-Control-Allow-Origin': '*',
        });
        response.end(stub);
      } else {
        response.writeHead(204).end();
      }
    },
  );
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(443, '127.0.0.1', resolve);
  });
  return server;
}
