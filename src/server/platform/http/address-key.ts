import { isIPv4, isIPv6 } from 'node:net';

/** The eight 16-bit groups of an IPv6 address (without a zone), as numbers. */
function groupsOf(ip: string): number[] {
  const [head = '', tail] = ip.split('::');
  const part = (text: string) => {
    const pieces = text === '' ? [] : text.split(':');
    const last = pieces.at(-1);
    // An IPv4 tail (::ffff:192.0.2.1) is the last two groups.
    if (last && isIPv4(last)) {
      const [a = 0, b = 0, c = 0, d = 0] = last.split('.').map(Number);
      pieces.splice(-1, 1, ((a << 8) | b).toString(16), ((c << 8) | d).toString(16));
    }
    return pieces.map((piece) => parseInt(piece, 16));
  };
  const start = part(head);
  const end = tail === undefined ? [] : part(tail);
  return [...start, ...Array<number>(8 - start.length - end.length).fill(0), ...end];
}

/**
 * The key a per-address limit counts `ip` under: an IPv4 address whole, an IPv6 address by its
 * /64 (one subscriber's network: its host half is theirs to change at will), and an IPv4-mapped
 * IPv6 address as its IPv4 address.
 */
export function addressKey(ip: string): string {
  const address = ip.split('%')[0] ?? ip;
  if (!isIPv6(address)) return address;
  const groups = groupsOf(address.toLowerCase());
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}
