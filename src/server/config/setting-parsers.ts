import { isIP } from 'node:net';

/* TRUST_PROXY=true lets any client pick its address: refused (decision 020). */
export const TRUST_PROXY_FORMS =
  'must be the number of proxies in front of the server (e.g. 1) or their addresses or ' +
  'subnets, comma-separated (e.g. 10.0.0.5 or 10.0.0.0/8,loopback)';
export const TRUST_EVERY_HOP = `"true" would trust every hop, so any client could forge its address; ${TRUST_PROXY_FORMS}`;
export const HOST_FORMS =
  'must be an address of this machine, e.g. 0.0.0.0 (every interface) or 127.0.0.1 (a proxy ' +
  'on this machine), or a name that resolves to one';
/** A dotted number that is no IPv4 address (999.1.1.1) is refused before any DNS look-up. */
export const isHostForm = (host: string) => isIP(host) > 0 || !/^[\d.]+$/.test(host);
/** Names proxy-addr (Fastify's trustProxy) accepts for groups of addresses. */
const ADDRESS_GROUPS = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrSubnet(entry: string): boolean {
  if (ADDRESS_GROUPS.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const max = version === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= max;
}

export function isSafeTrustProxy(value: string): boolean {
  const trimmed = value.trim().toLowerCase();
  if (trimmed === 'true' || trimmed === 'false' || /^\d+$/.test(trimmed)) return true;
  return trimmed.split(',').every((entry) => isAddressOrSubnet(entry.trim()));
}

/** Fastify's trustProxy: false unless configured (a forged X-Forwarded-For is then ignored). */
type TrustProxy = boolean | string | ((address: string, hop: number) => boolean);

export function parseTrustProxy(setting: string | undefined): TrustProxy {
  const value = setting?.trim().toLowerCase();
  if (value === undefined || value === 'false' || value === '0') return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  // Addresses and subnets: proxy-addr takes them as they are.
  return commaList(value).join(',');
}

/** A comma-separated setting's entries, trimmed, blanks dropped. */
export const commaList = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);

const DURATION_MS = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** `15m` (a number and one of s, m, h, d) as milliseconds. */
export function parseDuration(value: string): number {
  const part = value.replace(/\s+/g, '');
  return Number(part.slice(0, -1)) * DURATION_MS[part.slice(-1) as keyof typeof DURATION_MS];
}

/** `24h,72h` as milliseconds, shortest first; an empty list turns reminders off. */
export function parseReminderDelays(value: string): number[] {
  return commaList(value)
    .map(parseDuration)
    .sort((a, b) => a - b);
}
