// A closed-loop HTTP/1.1 load generator for `npm run bench:api` (docs/decisions/144):
// `connections` keep-alive connections, each with one request in flight, sending the next
// request as soon as the answer to the last one has arrived whole, for `durationMs`.
//
// Why not autocannon here: a request that changes every time (a new e-mail per lead) makes
// autocannon rebuild it from its whole options object, about 10 µs of CPU more per request
// than a fixed one. bench:api runs on the same two CPUs as the server it measures, so that CPU
// was taken from the lead run's server only. Here every request costs the generator the same:
// one write of a string the caller builds, one read, a status and a Content-Length to find.
import net from 'node:net';

const HEADER_END = Buffer.from('\r\n\r\n');
const CONTENT_LENGTH = /\r\ncontent-length:[ \t]*(\d+)/i;
/** How long answers still in flight at the end may take before they count as timeouts. */
const GRACE_MS = 10_000;

/**
 * Runs the load and resolves with the figures bench:api reads, named as autocannon names them:
 * `{ requests: { average, total }, latency: { p50, p99 }, non2xx, errors, timeouts }`.
 * `nextRequest(context)` returns the whole request as a string (request line, headers, body)
 * and may note in `context` what `onResponse(status, context)` should know about it.
 */
export function closedLoopLoad({
  url,
  connections,
  durationMs,
  nextRequest,
  onResponse,
  graceMs = GRACE_MS,
}) {
  const { hostname, port } = new URL(url);
  const latencies = [];
  const counts = { total: 0, non2xx: 0, errors: 0, timeouts: 0 };
  const sockets = new Set();
  const started = performance.now();
  const stopAt = started + durationMs;
  const grace = setTimeout(() => {
    for (const socket of sockets) {
      counts.timeouts++;
      socket.destroy();
    }
  }, durationMs + graceMs);

  const connection = () =>
    new Promise((resolve) => {
      const socket = net.connect({ host: hostname, port: Number(port), noDelay: true });
      sockets.add(socket);
      let buffered = Buffer.alloc(0);
      let sentAt = 0;
      let context = {};
      const send = () => {
        if (performance.now() >= stopAt) {
          sockets.delete(socket);
          socket.end();
          return;
        }
        context = {};
        const request = nextRequest(context);
        sentAt = performance.now();
        socket.write(request);
      };
      socket.on('connect', send);
      socket.on('data', (chunk) => {
        buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk]);
        const headerEnd = buffered.indexOf(HEADER_END);
        if (headerEnd < 0) return;
        const head = buffered.toString('latin1', 0, headerEnd);
        const status = Number(head.slice(9, 12));
        // 204 and 304 have no body (RFC 9112 6.3); every other answer of this API says its
        // length, and one that does not is a broken run.
        const length = status === 204 || status === 304 ? 0 : CONTENT_LENGTH.exec(head)?.[1];
        if (length === undefined) {
          counts.errors++;
          socket.destroy();
          return;
        }
        const end = headerEnd + HEADER_END.length + Number(length);
        if (buffered.length < end) return;
        buffered = buffered.subarray(end);
        latencies.push(performance.now() - sentAt);
        counts.total++;
        if (status < 200 || status >= 300) counts.non2xx++;
        onResponse?.(status, context);
        send();
      });
      socket.on('error', () => counts.errors++);
      socket.on('close', () => {
        sockets.delete(socket);
        resolve();
      });
    });

  return Promise.all(Array.from({ length: connections }, connection)).then(() => {
    clearTimeout(grace);
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const percentile = (p) =>
      latencies.length === 0 ? 0 : Math.round(latencies[Math.floor((latencies.length - 1) * p)]);
    return {
      requests: { average: counts.total / seconds, total: counts.total },
      latency: { p50: percentile(0.5), p99: percentile(0.99) },
      non2xx: counts.non2xx,
      errors: counts.errors,
      timeouts: counts.timeouts,
    };
  });
}
