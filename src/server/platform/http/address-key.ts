import ipaddr from 'ipaddr.js';

/**
 * The key a per-address limit counts `ip` under: an IPv4 address whole, an IPv6 address by its
 * /64 (one subscriber's network: its host half is theirs to change at will), and an IPv4-mapped
 * IPv6 address as its IPv4 address.
 */
export function addressKey(ip: string): string {
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

/**
 * The network of `ip`, coarse enough to say "where" without naming the host: an IPv4 address's
 * /24, an IPv6 address's /64 (addressKey's).
 */
export function networkOf(ip: string): string {
  const key = addressKey(ip);
  if (key.endsWith('/64') || !ipaddr.IPv4.isValidFourPartDecimal(key)) return key;
  return `${key.split('.').slice(0, 3).join('.')}.0/24`;
}
