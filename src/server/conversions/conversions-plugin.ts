import type { FastifyPluginAsync } from 'fastify';
import type { ConversionsConfig } from '../config/config';
import { tablesOf } from '../platform/database/connection';
import { CONVERSION_MAX_AGE_MS, type ConversionPayload } from './conversion-event';
import type { OutboxTables } from '../platform/outbox/outbox-tables';
import { OutboxWorker, PermanentFailure } from '../platform/outbox/outbox-worker';
import { postEvents } from './graph-client';
import { serverEvent } from './meta-event';

/** Test and tuning knobs of the worker (production uses the defaults). */
export interface ConversionWorkerSettings {
  /** false: events are written but not sent by this instance. */
  enabled?: boolean;
  pollMs?: number;
  retryBaseMs?: number;
}

export interface ConversionsOptions {
  /** Undefined: no access token, the feature is off. */
  conversions: ConversionsConfig | undefined;
  siteUrl: string;
  worker?: ConversionWorkerSettings;
}

/**
 * Sends the outbox's `meta` messages (decision 110), retried with backoff for 7 days (Meta refuses
 * older events). Started only with an access token.
 */
export const conversionsPlugin: FastifyPluginAsync<ConversionsOptions> = async (
  app,
  { conversions, siteUrl, worker: settings = {} },
) => {
  if (!conversions || settings.enabled === false) return;
  const worker = new OutboxWorker({
    db: tablesOf<OutboxTables>(app.database.db),
    writes: app.writeQueue,
    dialect: app.database.dialect,
    senders: {
      meta: async (message) => {
        const payload = JSON.parse(message.payload) as ConversionPayload;
        // Meta refuses an event older than 7 days: a retry past that is given up, not sent.
        if (Date.now() - payload.eventTimeMs > CONVERSION_MAX_AGE_MS) {
          throw new PermanentFailure('older than 7 days: Meta no longer accepts it');
        }
        await postEvents(conversions, [serverEvent(payload, siteUrl)]);
      },
    },
    pollMs: settings.pollMs,
    retryBaseMs: settings.retryBaseMs,
    giveUpMs: CONVERSION_MAX_AGE_MS,
    onError: (error) => app.log.warn({ err: error }, 'conversion outbox poll failed'),
    onSendFailure: (destination) => app.metrics.outboxSendFailed(destination),
  });
  app.addHook('onReady', async () => worker.start());
  app.addHook('onClose', async () => worker.stop());
  app.log.info({ apiVersion: conversions.apiVersion }, 'Meta Conversions API on');
};
