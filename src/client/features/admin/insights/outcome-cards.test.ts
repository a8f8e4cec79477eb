import { describe, expect, it } from 'vitest';
import { weekRanges } from './outcome-cards';

const at = (iso: string) => Date.parse(iso);

describe('weekRanges: this week from its Monday (UTC) to today, last week its Monday to the same weekday', () => {
  it.each([
    // A Sunday night: the week's last day, against all of last week.
    ['2026-11-29T23:59:59.999Z', '2026-11-23', '2026-11-29', '2026-11-16', '2026-11-22'],
    // The Monday after, at midnight: a week of one day, against last week's Monday alone.
    ['2026-11-30T00:00:00.000Z', '2026-11-30', '2026-11-30', '2026-11-23', '2026-11-23'],
    // A Wednesday and a Thursday over a month's and a year's end.
    ['2025-12-31T12:00:00.000Z', '2025-12-29', '2025-12-31', '2025-12-22', '2025-12-24'],
    ['2026-01-01T08:00:00.000Z', '2025-12-29', '2026-01-01', '2025-12-22', '2025-12-25'],
  ])('at %s: %s to %s, against %s to %s', (now, from, to, lastFrom, lastTo) => {
    expect(weekRanges(at(now))).toEqual({
      thisWeek: { from, to },
      lastWeek: { from: lastFrom, to: lastTo },
    });
  });
});
