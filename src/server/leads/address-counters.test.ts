import { describe, expect, it } from 'vitest';
import { MinuteCounters } from './address-counters';

const start = Date.UTC(2026, 10, 23, 12, 0, 0);

describe('per-address minute counters', () => {
  it('counts each address and each kind on its own, within the minute', () => {
    const counters = new MinuteCounters();
    expect(counters.add('a', 'valid', start)).toBe(1);
    expect(counters.add('a', 'valid', start + 59_999)).toBe(2);
    expect(counters.add('a', 'invalid', start)).toBe(1);
    expect(counters.add('b', 'valid', start)).toBe(1);
    expect(counters.count('a', 'valid', start)).toBe(2);
    expect(counters.count('c', 'valid', start)).toBe(0);
  });

  it('starts again the next minute, and says how long until then', () => {
    const counters = new MinuteCounters();
    counters.add('a', 'request', start);
    expect(counters.add('a', 'request', start + 60_000)).toBe(1);
    expect(counters.secondsLeft(start + 45_500)).toBe(15);
    expect(counters.secondsLeft(start + 59_999)).toBe(1);
  });
});
