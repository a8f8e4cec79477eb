import { DateTime } from 'luxon';
import { WEEKDAYS, type Availability, type TimeWindow } from '@shared/booking-availability';

/** A slot a person may book: its start and end in UTC (ISO 8601), and the seats still free. */
export interface Slot {
  start: string;
  end: string;
  seatsLeft: number;
}

/** A slot's key as the database stores it: UTC, whole seconds (`2027-03-15T14:00:00Z`). */
const slotKey = (time: DateTime): string => time.toUTC().toISO({ suppressMilliseconds: true })!;

const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/** The windows of one of the host's days: its exception if it has one, else its weekday's. */
function windowsOf(settings: Availability, day: DateTime): readonly TimeWindow[] {
  const date = day.toISODate();
  const exception = settings.exceptions.find((item) => item.date === date);
  return exception ? exception.windows : settings.weekly[WEEKDAYS[day.weekday - 1]!];
}

/** Each slot start of `day` on the host's wall clock (not by adding minutes, so a 9:00 slot stays
    at 9:00 across a daylight-saving change), every interval while the slot ends in its window. */
function* wallClockStarts(settings: Availability, day: DateTime): Generator<DateTime> {
  for (const window of windowsOf(settings, day)) {
    const end = minutesOf(window.end);
    for (let at = minutesOf(window.start); at + settings.slotMinutes <= end;) {
      yield day.set({ hour: Math.floor(at / 60), minute: at % 60 });
      at += settings.intervalMinutes;
    }
  }
}

/**
 * The next `limit` open slots from `now`: past the minimum notice (and the host's today unless
 * same-day is on), before the horizon, with a free seat, its day under the daily cap, and no other
 * booked slot within the buffer of it.
 */
export function openSlots(
  settings: Availability,
  taken: ReadonlyMap<string, number>,
  now: Date,
  limit: number,
): Slot[] {
  const zone = settings.timeZone;
  const clock = DateTime.fromJSDate(now, { zone });
  const notice = clock.plus({ hours: settings.minimumNoticeHours });
  const tomorrow = clock.startOf('day').plus({ days: 1 });
  const earliest = settings.sameDay || notice > tomorrow ? notice : tomorrow;
  const latest = clock.plus({ days: settings.horizonDays });
  const bufferMs = settings.bufferMinutes * 60_000;
  const slotMs = settings.slotMinutes * 60_000;

  const booked = [...taken].filter(([, seats]) => seats > 0);
  const takenByDay = new Map<string, number>();
  for (const [start, seats] of booked) {
    const day = DateTime.fromISO(start, { zone }).toISODate()!;
    takenByDay.set(day, (takenByDay.get(day) ?? 0) + seats);
  }
  const bookedStarts = booked.map(([start]) => Date.parse(start));
  const clashes = (start: number, key: string) =>
    booked.some(
      ([other], index) =>
        other !== key &&
        bookedStarts[index]! < start + slotMs + bufferMs &&
        start < bookedStarts[index]! + slotMs + bufferMs,
    );

  const slots: Slot[] = [];
  for (let day = earliest.startOf('day'); day < latest; day = day.plus({ days: 1 })) {
    if ((takenByDay.get(day.toISODate()!) ?? 0) >= settings.dailyCap) continue;
    for (const start of wallClockStarts(settings, day)) {
      if (start < earliest || start >= latest) continue;
      const key = slotKey(start);
      const seatsLeft = settings.seats - (taken.get(key) ?? 0);
      if (seatsLeft <= 0 || clashes(start.toMillis(), key)) continue;
      // A wall-clock time skipped by a change (2:30 on the spring day) lands an hour on: once.
      if (slots.some((slot) => slot.start === key)) continue;
      slots.push({
        start: key,
        end: slotKey(start.plus({ minutes: settings.slotMinutes })),
        seatsLeft,
      });
      if (slots.length >= limit) return slots;
    }
  }
  return slots;
}
