import type { ConversionPayload } from './conversion-event';
import { hashed, normalizeEmail, normalizeName, normalizePhone } from './normalize';

const list = (value: string | undefined) => (value === undefined ? undefined : [value]);

/** Drops the keys whose value is undefined: Meta wants absent keys, not nulls. */
const defined = <T extends object>(object: T): T =>
  Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined)) as T;

/** fbc: the `_fbc` cookie, or Meta's `fb.1.<ms>.<fbclid>` with the fbclid as received. */
export function clickId(client: ConversionPayload['client'], atMs: number): string | undefined {
  if (client.fbc) return client.fbc;
  if (client.fbclid) return `fb.1.${client.clickAtMs ?? atMs}.${client.fbclid}`;
  return undefined;
}

/** One event of the Conversions API's `data` array, as Meta documents its fields. */
export type ServerEvent = ReturnType<typeof serverEvent>;

/** The event Meta receives: contact details normalised and hashed, address and browser clear. */
export function serverEvent(payload: ConversionPayload, siteUrl: string) {
  const { lead, client } = payload;
  const site = siteUrl.replace(/\/+$/, '');
  return defined({
    event_name: payload.eventName,
    event_time: Math.floor(payload.eventTimeMs / 1000),
    event_id: payload.eventId,
    action_source: payload.actionSource,
    event_source_url: payload.sourcePage ? `${site}${payload.sourcePage}` : undefined,
    user_data: defined({
      em: list(hashed(normalizeEmail(lead.email))),
      ph: list(hashed(normalizePhone(lead.phone))),
      fn: list(hashed(normalizeName(lead.firstName))),
      ln: list(hashed(normalizeName(lead.lastName))),
      external_id: list(hashed(`${lead.type}-${lead.id}`)),
      client_ip_address: client.ip ?? undefined,
      client_user_agent: client.userAgent ?? undefined,
      fbp: client.fbp ?? undefined,
      fbc: clickId(client, payload.eventTimeMs),
    }),
  });
}
