import http from 'node:http';

/** What the stand-ins for third parties (a webhook endpoint, Meta's Graph API) share. */
export interface FailingReceiver {
  /** Answer 500 to this many next requests (Infinity: until set back to 0). */
  failNext: number;
  /** What those failures answer instead of 500 and the receiver's own body (Meta's 400s). */
  failWith?: { status: number; body: string } | undefined;
}

/**
 * A real local HTTP server on 127.0.0.1:`port`: it reads each request's body whole, answers
 * 500 with `failureBody` (or `receiver.failWith`) while `receiver.failNext` is above 0, and
 * otherwise hands the request and its body (UTF-8) to `handle`. Resolves once listening, with
 * the server's close.
 */
export async function listenAsReceiver(
  port: number,
  receiver: FailingReceiver,
  failureBody: string,
  handle: (request: http.IncomingMessage, body: string, response: http.ServerResponse) => void,
): Promise<() => Promise<void>> {
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (receiver.failNext > 0) {
        receiver.failNext--;
        const { status, body } = receiver.failWith ?? { status: 500, body: failureBody };
        response.writeHead(status, { 'content-type': 'application/json' }).end(body);
        return;
      }
      handle(request, Buffer.concat(chunks).toString('utf8'), response);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
