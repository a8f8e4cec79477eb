import http from 'node:http';
import { Webhook } from 'standardwebhooks';
import { freePort } from './postgres';

export interface ReceivedWebhook {
  id: string;
  /** The parsed body, once its Standard Webhooks signature verified. */
  body: { type: string; timestamp: string; data: Record<string, unknown> };
}

export interface WebhookReceiver {
  url: string;
  /** Signed-and-verified deliveries, in arrival order (a bad signature is not kept). */
  received: ReceivedWebhook[];
  /** Deliveries refused because their signature did not verify. */
  badSignatures: number;
  /** Answer 500 to this many next requests (Infinity: until set back to 0). */
  failNext: number;
  close(): Promise<void>;
}

/** A real local HTTP receiver that verifies each POST with the shared secret. */
export async function startWebhookReceiver(secret: string): Promise<WebhookReceiver> {
  const verifier = new Webhook(secret);
  const port = await freePort();
  const receiver: WebhookReceiver = {
    url: `http://127.0.0.1:${port}/hooks/leads`,
    received: [],
    badSignatures: 0,
    failNext: 0,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (receiver.failNext > 0) {
        receiver.failNext--;
        response.writeHead(500).end('try later');
        return;
      }
      const body = Buffer.concat(chunks).toString('utf8');
      try {
        const parsed = verifier.verify(body, request.headers as Record<string, string>);
        receiver.received.push({
          id: String(request.headers['webhook-id']),
          body: parsed as ReceivedWebhook['body'],
        });
        response.writeHead(204).end();
      } catch {
        receiver.badSignatures++;
        response.writeHead(400).end('bad signature');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return receiver;
}
