import { describe, expect, it } from 'vitest';
import { DEFAULT_AVAILABILITY, type Availability } from '@shared/booking-availability';
import { openSlots } from './open-slots';

const hour = (start: string, end: string) => [{ start, end }];
const everyDay = (windows: { start: string; end: string }[]) => ({
  monday: windows,
  tuesday: windows,
  wednesday: windows,
  thursday: windows,
  friday: windows,
  saturday: windows,
  sunday: windows,
});

const settings = (changes: Partial<Availability>): Availability => ({
  ...DEFAULT_AVAILABILITY,
  minimumNoticeHours: 0,
  sameDay: true,
  ...changes,
});
const starts = (...args: Parameters<typeof openSlots>) =>
  openSlots(...args).map((slot) => slot.start);
const none = new Map<string, number>();

describe('open slots', () => {
  it('keeps the wall-clock time across the second Sunday of March in America/Chicago', () => {
    const chicago = settings({
      timeZone: 'America/Chicago',
      weekly: everyDay(hour('09:00', '10:00')),
      slotMinutes: 30,
      intervalMinutes: 30,
    });
    // Friday 12 March 2027, noon UTC; DST starts on Sunday the 14th at 2:00.
    expect(starts(chicago, none, new Date('2027-03-12T18:00:00Z'), 6)).toEqual([
      '2027-03-13T15:00:00Z', // Saturday 9:00 CST (UTC-6)
      '2027-03-13T15:30:00Z',
      '2027-03-14T14:00:00Z', // Sunday 9:00 CDT (UTC-5)
      '2027-03-14T14:30:00Z',
      '2027-03-15T14:00:00Z',
      '2027-03-15T14:30:00Z',
    ]);
  });

  it('offers an hour the change skips once, an hour on', () => {
    const night = settings({
      timeZone: 'America/Chicago',
      weekly: everyDay([]),
      exceptions: [{ date: '2027-03-14', windows: hour('01:00', '04:00') }],
      slotMinutes: 60,
      intervalMinutes: 60,
    });
    expect(starts(night, none, new Date('2027-03-13T00:00:00Z'), 10)).toEqual([
      '2027-03-14T07:00:00Z', // 1:00 CST
      '2027-03-14T08:00:00Z', // 2:00 does not exist: 3:00 CDT, offered once
    ]);
  });

  it('waits the minimum notice, and the next day unless same-day is on', () => {
    const now = new Date('2027-05-03T08:00:00Z'); // a Monday
    const day = { weekly: everyDay(hour('09:00', '12:00')), slotMinutes: 60, intervalMinutes: 60 };
    expect(starts(settings({ ...day, minimumNoticeHours: 2 }), none, now, 2)).toEqual([
      '2027-05-03T10:00:00Z',
      '2027-05-03T11:00:00Z',
    ]);
    expect(starts(settings({ ...day, sameDay: false }), none, now, 1)).toEqual([
      '2027-05-04T09:00:00Z',
    ]);
    // The default: 24 hours' notice, so Tuesday from 9:00 is too early until 8:00 has passed.
    expect(starts({ ...DEFAULT_AVAILABILITY, ...day }, none, now, 1)).toEqual([
      '2027-05-04T09:00:00Z',
    ]);
    expect(
      starts({ ...DEFAULT_AVAILABILITY, ...day }, none, new Date('2027-05-03T09:30:00Z'), 1),
    ).toEqual(['2027-05-04T10:00:00Z']);
  });

  it('ends at the horizon and closes on an exception without windows', () => {
    const now = new Date('2027-05-03T00:00:00Z');
    const shown = openSlots(
      settings({
        weekly: everyDay(hour('09:00', '10:00')),
        slotMinutes: 60,
        horizonDays: 3,
        exceptions: [{ date: '2027-05-04', windows: [] }],
      }),
      none,
      now,
      50,
    );
    expect(shown.map((slot) => slot.start)).toEqual([
      '2027-05-03T09:00:00Z',
      '2027-05-05T09:00:00Z',
    ]);
    expect(shown[0]).toEqual({
      start: '2027-05-03T09:00:00Z',
      end: '2027-05-03T10:00:00Z',
      seatsLeft: 1,
    });
  });

  it('counts seats left, drops full slots, keeps the buffer and the daily cap', () => {
    const now = new Date('2027-05-03T00:00:00Z');
    const group = settings({
      weekly: everyDay(hour('09:00', '12:00')),
      slotMinutes: 30,
      intervalMinutes: 30,
      seats: 3,
      horizonDays: 1,
    });
    const taken = new Map([
      ['2027-05-03T09:00:00Z', 3],
      ['2027-05-03T09:30:00Z', 1],
    ]);
    expect(openSlots(group, taken, now, 2)).toEqual([
      { start: '2027-05-03T09:30:00Z', end: '2027-05-03T10:00:00Z', seatsLeft: 2 },
      { start: '2027-05-03T10:00:00Z', end: '2027-05-03T10:30:00Z', seatsLeft: 3 },
    ]);
    const oneBooked = new Map([['2027-05-03T10:00:00Z', 1]]);
    expect(starts({ ...group, seats: 1, bufferMinutes: 15 }, oneBooked, now, 10)).toEqual([
      '2027-05-03T09:00:00Z',
      '2027-05-03T11:00:00Z',
      '2027-05-03T11:30:00Z',
    ]);
    expect(starts({ ...group, seats: 1, dailyCap: 1, horizonDays: 2 }, oneBooked, now, 1)).toEqual([
      '2027-05-04T09:00:00Z',
    ]);
  });
});
