import { describe, expect, it } from 'vitest';
import { weekRanges } from './outcome-cards';

const at = (iso: string) => Date.parse(iso);

describe('weekRanges: this week from its Monday (UTC) to now, last week its Monday to the same moment', () => {
  it.each([
    // A Sunday night: the week's last day, against all of last week.
    [
      '2026-11-29T23:59:59.999Z',
      '2026-11-23',
      '2026-11-29',
      '2026-11-16',
      '2026-11-22T23:59:59.999Z',
    ],
    // The Monday after, at midnight: a week of one day, against last week's Monday alone.
    [
      '2026-11-30T00:00:00.000Z',
      '2026-11-30',
      '2026-11-30',
      '2026-11-23',
      '2026-11-23T00:00:00.000Z',
    ],
    // That Monday at 08:00: eight hours of leads against last Monday's first eight, not all of it.
    [
      '2026-11-30T08:00:00.000Z',
      '2026-11-30',
      '2026-11-30',
      '2026-11-23',
      '2026-11-23T08:00:00.000Z',
    ],
    // A Wednesday and a Thursday over a month's and a year's end.
    [
      '2025-12-31T12:00:00.000Z',
      '2025-12-29',
      '2025-12-31',
      '2025-12-22',
      '2025-12-24T12:00:00.000Z',
    ],
    [
      '2026-01-01T08:00:00.000Z',
      '2025-12-29',
      '2026-01-01',
      '2025-12-22',
      '2025-12-25T08:00:00.000Z',
    ],
  ])('at %s: %s to %s, against %s to %s', (now, from, to, lastFrom, before) => {
    expect(weekRanges(at(now))).toEqual({
      thisWeek: { from, to },
      lastWeek: { from: lastFrom, to: before.slice(0, 10), before },
    });
  });
});
