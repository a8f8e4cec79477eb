import http from 'node:http';

/** What a failure answers instead of the receiver's usual 500 (Meta's 400s, say). */
export interface FailureAnswer {
  status: number;
  body: string;
}

/**
 * What the stand-ins for third parties (a webhook endpoint, Meta's Graph API) share: failures a
 * test sets up. Several tests share a receiver, and the server retries what failed, so a failure
 * names what it is for: counted over every request, another event's retry could use it up.
 */
export interface FailingReceiver {
  /**
   * Fails the next `times` requests whose path or body names `about` (an event id, an e-mail
   * address, a path); Infinity: every one until `recover()`.
   */
  failFor(about: string, times: number, answer?: FailureAnswer): void;
  /** Fails every request until `recover()`: the service is down. */
  down(answer?: FailureAnswer): void;
  /** Ends every failure set up. */
  recover(): void;
}

/**
 * A real local HTTP server on 127.0.0.1:`port`: it reads each request's body whole, answers
 * 500 with `failureBody` (or the failure's own answer) to the requests failures pick, and hands
 * the others and their body (UTF-8) to `handle`. Resolves once listening, with the failures'
 * controls and the server's close.
 */
export async function listenAsReceiver(
  port: number,
  failureBody: string,
  handle: (request: http.IncomingMessage, body: string, response: http.ServerResponse) => void,
): Promise<FailingReceiver & { close(): Promise<void> }> {
  const failures: { about: string | null; times: number; answer?: FailureAnswer }[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const failure = failures.find(
        ({ about, times }) =>
          times > 0 && (about === null || `${request.url ?? ''} ${body}`.includes(about)),
      );
      if (!failure) return handle(request, body, response);
      failure.times--;
      const { status, body: text } = failure.answer ?? { status: 500, body: failureBody };
      response.writeHead(status, { 'content-type': 'application/json' }).end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    failFor: (about, times, answer) => void failures.push({ about, times, answer }),
    down: (answer) => void failures.push({ about: null, times: Infinity, answer }),
    recover: () => void failures.splice(0),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
