import { describe, expect, it } from 'vitest';
import { MinuteCounters, secondsLeft } from './address-counters';

const start = Date.UTC(2026, 10, 23, 12, 0, 0);

describe('per-address minute counters in memory', () => {
  it('counts each address and each kind on its own, within the minute', async () => {
    const counters = new MinuteCounters();
    expect(await counters.add('a', 'valid', start)).toEqual({ request: 0, invalid: 0, valid: 1 });
    expect((await counters.add('a', 'valid', start + 59_999)).valid).toBe(2);
    expect(await counters.add('a', 'invalid', start)).toEqual({ request: 0, invalid: 1, valid: 2 });
    expect((await counters.add('b', 'valid', start)).valid).toBe(1);
  });

  it('starts again the next minute, and says how long until then', async () => {
    const counters = new MinuteCounters();
    await counters.add('a', 'request', start);
    expect((await counters.add('a', 'request', start + 60_000)).request).toBe(1);
    expect(secondsLeft(start + 45_500)).toBe(15);
    expect(secondsLeft(start + 59_999)).toBe(1);
  });
});
