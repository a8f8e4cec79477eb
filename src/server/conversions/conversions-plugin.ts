import type { FastifyPluginAsync } from 'fastify';
import type { ConversionsConfig } from '../config/config';
import { outgoingRequest } from '../platform/http/outgoing-request';
import { withoutSecrets } from '../platform/http/redact-secrets';
import {
  PermanentFailure,
  startOutboxWorker,
  type WorkerSettings,
} from '../platform/outbox/outbox-worker';
import {
  CONVERSION_MAX_AGE_MS,
  DEDUPLICATION_WINDOW_MS,
  type ConversionPayload,
} from './conversion-event';
import { hashed, normalizeEmail, normalizeName, normalizePhone } from './normalize';

/** Meta answering slower than this is a failed attempt, retried later. */
const GRAPH_TIMEOUT_MS = 10_000;

/** Sends the outbox's `meta` messages (decision 110), retried for 7 days; needs a token. */
export const conversionsPlugin: FastifyPluginAsync<{
  /** Undefined: no access token, the feature is off. */
  conversions: ConversionsConfig | undefined;
  siteUrl: string;
  worker?: WorkerSettings;
}> = async (app, { conversions, siteUrl, worker: settings = {} }) => {
  if (!conversions || settings.enabled === false) return;
  startOutboxWorker(app, 'conversion', {
    senders: {
      meta: async (message) => {
        const payload = JSON.parse(message.payload) as ConversionPayload;
        if (Date.now() - payload.eventTimeMs > CONVERSION_MAX_AGE_MS) {
          throw new PermanentFailure('older than 7 days: Meta no longer accepts it');
        }
        const pixelCopy = payload.pixelEvent === payload.eventName;
        if (pixelCopy && Date.now() - payload.eventTimeMs > DEDUPLICATION_WINDOW_MS) {
          throw new PermanentFailure("48 hours after the pixel's copy: Meta would count it twice");
        }
        await postEvent(conversions, serverEvent(payload, siteUrl));
      },
    },
    ...settings,
    giveUpMs: CONVERSION_MAX_AGE_MS,
  });
  app.log.info({ apiVersion: conversions.apiVersion }, 'Meta Conversions API on');
};

const list = (value: string | undefined) => (value === undefined ? undefined : [value]);

/** Drops the keys whose value is undefined: Meta wants absent keys, not nulls. */
const defined = <T extends object>(object: T): T =>
  Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined)) as T;

/** The event Meta receives: contact details normalised and hashed, address and browser clear. */
function serverEvent({ lead, client, ...event }: ConversionPayload, siteUrl: string) {
  const site = siteUrl.replace(/\/+$/, '');
  return defined({
    event_name: event.eventName,
    event_time: Math.floor(event.eventTimeMs / 1000),
    event_id: event.eventId,
    action_source: event.actionSource,
    event_source_url: event.sourcePage ? `${site}${event.sourcePage}` : undefined,
    user_data: defined({
      em: list(hashed(normalizeEmail(lead.email))),
      ph: list(hashed(normalizePhone(lead.phone))),
      fn: list(hashed(normalizeName(lead.firstName))),
      ln: list(hashed(normalizeName(lead.lastName))),
      external_id: list(hashed(`${lead.type}-${lead.id}`)),
      client_ip_address: client.ip ?? undefined,
      client_user_agent: client.userAgent ?? undefined,
      fbp: client.fbp ?? undefined,
      // The `_fbc` cookie, or Meta's `fb.1.<ms>.<fbclid>` with the fbclid as received.
      fbc:
        client.fbc ||
        (client.fbclid
          ? `fb.1.${client.clickAtMs ?? event.eventTimeMs}.${client.fbclid}`
          : undefined),
    }),
  });
}

/** POSTs the event; anything but 2xx fails with Meta's error message, cut of the token. */
async function postEvent(config: ConversionsConfig, event: object): Promise<void> {
  const url = `${config.graphUrl}/${config.apiVersion}/${config.pixelId}/events`;
  const body = JSON.stringify({
    data: [event],
    access_token: config.accessToken,
    ...(config.testEventCode ? { test_event_code: config.testEventCode } : {}),
  });
  try {
    const init = { method: 'POST', headers: { 'content-type': 'application/json' }, body };
    const response = await outgoingRequest('Meta', url, init, GRAPH_TIMEOUT_MS);
    const text = await response.text();
    if (!response.ok) throw metaError(response.status, text);
  } catch (error) {
    // Meta echoes a malformed token ("Malformed access token <token>"): never kept or logged.
    const safe = withoutSecrets(error, [config.accessToken]);
    throw error instanceof PermanentFailure ? new PermanentFailure(safe.message) : safe;
  }
}

/**
 * Meta refusing the event itself: an invalid parameter whose subcode names it (too old, a bad
 * field). Subcode 33 is a missing permission; it, and token (190) or permission (10, 200-299)
 * errors, are the account's: retried until the owner mends the setting.
 */
const refusesTheEvent = (error: Record<string, unknown>) =>
  error.code === 100 &&
  typeof error.error_subcode === 'number' &&
  error.error_subcode !== 33 &&
  error.is_transient !== true;

/** Meta's error (`{"error":{...}}`): its message and code, and its own words on what to fix. */
function metaError(status: number, text: string): Error {
  try {
    const { error } = JSON.parse(text) as { error?: Record<string, unknown> };
    if (typeof error?.message === 'string' && error.message) {
      const codes = [error.code, error.error_subcode].filter((code) => code !== undefined);
      const code = codes.length > 0 ? ` (code ${codes.map(String).join(', subcode ')})` : '';
      // "Invalid parameter" alone says nothing the owner can act on: Meta's title and text do.
      const why = [error.error_user_title, error.error_user_msg]
        .filter((part) => typeof part === 'string' && part !== '')
        .join(': ');
      const message = `Meta answered HTTP ${status}: ${error.message}${code}${why && `. ${why}`}`;
      return refusesTheEvent(error) ? new PermanentFailure(message) : new Error(message);
    }
  } catch {
    // not JSON: the status says it
  }
  return new Error(`Meta answered HTTP ${status}`);
}
