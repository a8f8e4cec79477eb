import type { FastifyPluginAsync } from 'fastify';
import type { ConversionsConfig } from '../config/config';
import { CONVERSION_MAX_AGE_MS, type ConversionPayload } from './conversion-event';
import {
  PermanentFailure,
  startOutboxWorker,
  type WorkerSettings,
} from '../platform/outbox/outbox-worker';
import { postEvents } from './graph-client';
import { serverEvent } from './meta-event';

export interface ConversionsOptions {
  /** Undefined: no access token, the feature is off. */
  conversions: ConversionsConfig | undefined;
  siteUrl: string;
  worker?: WorkerSettings;
}

/** Sends the outbox's `meta` messages (decision 110), retried for 7 days; needs a token. */
export const conversionsPlugin: FastifyPluginAsync<ConversionsOptions> = async (
  app,
  { conversions, siteUrl, worker: settings = {} },
) => {
  if (!conversions || settings.enabled === false) return;
  startOutboxWorker(app, 'conversion', {
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
  });
  app.log.info({ apiVersion: conversions.apiVersion }, 'Meta Conversions API on');
};
