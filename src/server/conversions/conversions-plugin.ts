import type { FastifyPluginAsync } from 'fastify';
import type { ConversionsConfig } from '../config/config';
import { CONVERSION_MAX_AGE_MS, type ConversionPayload } from './conversion-event';
import {
  PermanentFailure,
  startOutboxWorker,
  type WorkerSettings,
} from '../platform/outbox/outbox-worker';
import { serverEvent, type ServerEvent } from './meta-event';
import { outgoingRequest } from '../platform/http/outgoing-request';
import { withoutSecrets } from '../platform/http/redact-secrets';

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

/** Meta answering slower than this is a failed attempt, retried later. */
const GRAPH_TIMEOUT_MS = 10_000;

/** Meta's error message, when its answer has one (`{"error":{"message":...}}`). */
function metaError(status: number, text: string): string {
  try {
    const parsed = JSON.parse(text) as { error?: { message?: unknown; code?: unknown } };
    const message = parsed.error?.message;
    if (typeof message === 'string' && message) {
      const code = parsed.error?.code === undefined ? '' : ` (code ${String(parsed.error.code)})`;
      return `Meta answered HTTP ${status}: ${message}${code}`;
    }
  } catch {
    // not JSON: the status says it
  }
  return `Meta answered HTTP ${status}`;
}

/** POSTs the events; anything but 2xx fails with Meta's error message, cut of the token. */
async function postEvents(
  config: ConversionsConfig,
  events: readonly ServerEvent[],
): Promise<void> {
  const url = `${config.graphUrl}/${config.apiVersion}/${config.pixelId}/events`;
  const body = JSON.stringify({
    data: events,
    access_token: config.accessToken,
    ...(config.testEventCode ? { test_event_code: config.testEventCode } : {}),
  });
  try {
    const response = await outgoingRequest(
      'Meta',
      url,
      { method: 'POST', headers: { 'content-type': 'application/json' }, body },
      GRAPH_TIMEOUT_MS,
    );
    const text = await response.text();
    if (response.status < 200 || response.status > 299) {
      throw new Error(metaError(response.status, text));
    }
  } catch (error) {
    // Meta echoes a malformed token ("Malformed access token <token>"): never kept or logged.
    throw withoutSecrets(error, [config.accessToken]);
  }
}
