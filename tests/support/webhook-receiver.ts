import { Webhook } from 'standardwebhooks';
import { listenAsReceiver, type FailingReceiver } from './http-receiver';
import { freePort } from './ports';

export interface ReceivedWebhook {
  id: string;
  /** The parsed body, once its Standard Webhooks signature verified. */
  body: { type: string; timestamp: string; data: Record<string, unknown> };
}

export interface WebhookReceiver extends FailingReceiver {
  url: string;
  /** Signed-and-verified deliveries, in arrival order (a bad signature is not kept). */
  received: ReceivedWebhook[];
  /** Deliveries refused because their signature did not verify. */
  badSignatures: number;
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
    ...(await listenAsReceiver(port, 'try later', (request, body, response) => {
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
    })),
  };
  return receiver;
}
