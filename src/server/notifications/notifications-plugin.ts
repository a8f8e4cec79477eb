import type { FastifyPluginAsync } from 'fastify';
import type { NotifyConfig } from '../config/config';
import { createMailer, type MailSettings } from '../platform/mail/mailer';
import type { LeadCreatedPayload } from '../leads';
import type { OutboxDestination } from '../platform/outbox/outbox-tables';
import { leadDigestEmail, leadNoticeEmail } from './lead-notice-email';
import {
  startOutboxWorker,
  type DigestOptions,
  type Sender,
  type WorkerSettings,
} from '../platform/outbox/outbox-worker';
import { Webhook } from 'standardwebhooks';
import type { OutboxMessage } from '../platform/outbox/outbox';

/** Past this many new leads a minute, their e-mails become one digest a minute. */
const DIGEST_THRESHOLD = 20;

export type NotificationWorkerSettings = WorkerSettings & { digestWindowMs?: number };

export interface NotificationsOptions {
  notify: NotifyConfig;
  /** The mail transport of the notices (the same as the admin's form e-mails). */
  mail: MailSettings;
  dataDir: string;
  siteUrl: string;
  worker?: NotificationWorkerSettings;
}

/** Where new leads are announced, given the configuration: what the leads capability writes. */
export function notifyDestinations(notify: NotifyConfig): OutboxDestination[] {
  return [
    ...(notify.emails.length > 0 ? (['email'] as const) : []),
    ...(notify.webhook ? (['webhook'] as const) : []),
  ];
}

/** Sends the outbox's notifications (decision 075) when a destination is configured. */
export const notificationsPlugin: FastifyPluginAsync<NotificationsOptions> = async (
  app,
  { notify, mail, dataDir, siteUrl, worker: settings = {} },
) => {
  const senders: Partial<Record<OutboxDestination, Sender>> = {};
  let digest: DigestOptions | undefined;
  if (notify.emails.length > 0) {
    const mailer = createMailer(mail, dataDir);
    app.addHook('onClose', async () => mailer.close());
    const leadOf = (message: { payload: string }) =>
      JSON.parse(message.payload) as LeadCreatedPayload;
    senders.email = async (message) => {
      await mailer.send(leadNoticeEmail(notify.emails, leadOf(message), siteUrl));
    };
    digest = {
      destination: 'email',
      threshold: DIGEST_THRESHOLD,
      windowMs: settings.digestWindowMs ?? 60_000,
      send: async (messages) => {
        await mailer.send(leadDigestEmail(notify.emails, messages.map(leadOf), siteUrl));
      },
    };
  }
  const webhook = notify.webhook;
  if (webhook) senders.webhook = (message) => postWebhook(webhook, message);
  if (Object.keys(senders).length === 0 || settings.enabled === false) return;

  startOutboxWorker(app, 'notification', {
    senders,
    digest,
    pollMs: settings.pollMs,
    retryBaseMs: settings.retryBaseMs,
  });
  app.log.info({ destinations: Object.keys(senders) }, 'lead notifications on');
};

/** A receiver that does not answer within this is a failed attempt (retried later). */
const WEBHOOK_TIMEOUT_MS = 10_000;

/** POSTs a signed Standard Webhooks message; its id stays across retries, for deduplication. */
async function postWebhook(
  target: NonNullable<NotifyConfig['webhook']>,
  message: OutboxMessage,
): Promise<void> {
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
