import { describe, expect, it } from 'vitest';
import { addressKeyOf } from './address-key';

const addressKey = (ip: string) => addressKeyOf({ ip });

describe('addressKeyOf: what a per-address limit counts', () => {
  it('keeps an IPv4 address whole, also when IPv4-mapped', () => {
    expect(addressKey('192.0.2.1')).toBe('192.0.2.1');
    expect(addressKey('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(addressKey('::FFFF:c000:0201')).toBe('192.0.2.1');
  });

  it('keys an IPv6 address by its /64, however it is written', () => {
    const key = '2001:db8:1:2::/64';
    expect(addressKey('2001:db8:1:2::1')).toBe(key);
    expect(addressKey('2001:0DB8:0001:0002:ffff:eeee:dddd:cccc')).toBe(key);
    expect(addressKey('2001:db8:1:2:0:0:0:9')).toBe(key);
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('2001:db8::')).toBe('2001:db8:0:0::/64');
  });

  it('leaves anything else as it is', () => {
    expect(addressKey('not an address')).toBe('not an address');
  });
});
