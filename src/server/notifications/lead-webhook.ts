import { Webhook } from 'standardwebhooks';
import type { OutboxMessage } from '../platform/outbox/outbox';

/** A receiver that does not answer within this is a failed attempt (retried later). */
const WEBHOOK_TIMEOUT_MS = 10_000;

export interface WebhookTarget {
  url: string;
  secret: string;
}

/** POSTs a signed Standard Webhooks message; its id stays across retries, for deduplication. */
export async function postWebhook(target: WebhookTarget, message: OutboxMessage): Promise<void> {
  const body = JSON.stringify({
    type: message.topic,
    timestamp: message.created_at,
    data: JSON.parse(message.payload) as unknown,
  });
  const id = `msg_${message.id}`;
  const at = new Date();
  const signature = new Webhook(target.secret).sign(id, at, body);
  let response: Response;
  try {
    response = await fetch(target.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'webhook-id': id,
        'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
        'webhook-signature': signature,
      },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    });
  } catch (error) {
    // "fetch failed" alone says nothing: name the cause (ECONNREFUSED, a timeout...).
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    throw new Error(`webhook request failed: ${cause?.code ?? cause?.message ?? String(error)}`);
  }
  await response.body?.cancel();
  if (response.status < 200 || response.status > 299) {
    throw new Error(`webhook answered HTTP ${response.status}`);
  }
}
