import ipaddr from 'ipaddr.js';

/** What every per-address limit keys by (decision 152); only addressKeyOf makes one. */
export type AddressKey = string & { readonly addressKey: unique symbol };

/** IPv4 whole (IPv4-mapped IPv6 as its IPv4), IPv6 by its /64 (one subscriber's network). */
function keyOf(ip: string): string {
  const address = ip.split('%')[0] ?? ip;
  if (!ipaddr.isValid(address)) return ip;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const v6 = parsed as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
  return `${v6.parts
    .slice(0, 4)
    .map((part) => part.toString(16))
    .join(':')}::/64`;
}

/** The key a request's client counts under in a per-address limit. */
export const addressKeyOf = (request: { readonly ip: string }): AddressKey =>
  keyOf(request.ip) as AddressKey;

/** The network of `ip` (IPv4 /24, IPv6 /64): "where" without naming the host. */
export function networkOf(ip: string): string {
  const key = keyOf(ip);
  if (key.endsWith('/64') || !ipaddr.IPv4.isValidFourPartDecimal(key)) return key;
  return `${key.split('.').slice(0, 3).join('.')}.0/24`;
}
