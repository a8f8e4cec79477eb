import type { ConversionPayload } from './conversion-event';
import { hashed, normalizeEmail, normalizeName, normalizePhone } from './normalize';

/** One event of the Conversions API's `data` array, as Meta documents its fields. */
export interface ServerEvent {
  event_name: string;
  event_time: number;
  event_id: string;
  action_source: 'website' | 'system_generated';
  event_source_url?: string;
  user_data: UserData;
}

export interface UserData {
  em?: string[];
  ph?: string[];
  fn?: string[];
  ln?: string[];
  external_id?: string[];
  client_ip_address?: string;
  client_user_agent?: string;
  fbp?: string;
  fbc?: string;
}

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

/** The event Meta receives: contact details normalised and hashed, address and browser clear. */
export function serverEvent(payload: ConversionPayload, siteUrl: string): ServerEvent {
  const { lead, client } = payload;
  const site = siteUrl.replace(/\/+$/, '');
  return defined({
    event_name: payload.eventName,
    event_time: Math.floor(payload.eventTimeMs / 1000),
    event_id: payload.eventId,
    action_source: payload.actionSource,
    event_source_url: payload.sourcePage ? `${site}${payload.sourcePage}` : undefined,
    user_data: defined<UserData>({
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
