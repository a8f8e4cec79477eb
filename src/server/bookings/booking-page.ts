import type { FastifyRequest } from 'fastify';
import { DateTime } from 'luxon';
import { isTimeZone } from '@shared/time-zone';
import type { BookingDayView, BookingView } from '@shared/booking-view';
import type { BookingStore } from './booking-store';
import { callStage } from './booking-tables';
import { callTime } from './call-sender';
import type { Slot } from './open-slots';

/** The zones to pick from, beside the host's and the shown one: the site hires in the US. */
const ZONES = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Anchorage',
  'Pacific/Honolulu',
  'America/Puerto_Rico',
  'UTC',
];
/** Days and slots a day the page offers: enough to choose, short enough to read. */
const DAYS = 5;
const SLOTS_A_DAY = 6;
/** Slots read to fill those days. */
const SLOTS_READ = 500;

/** The picker's name of a zone, short enough for a phone: "Chicago (CST)", "Tokyo (GMT+9)"; the
    page says the chosen one's long name above it. */
function zoneLabel(zone: string, at: DateTime) {
  const city = zone.slice(zone.lastIndexOf('/') + 1).replace(/_/g, ' ');
  const short = at.setZone(zone).offsetNameShort;
  return short && short !== city ? `${city} (${short})` : city;
}

/** The zone asked for (picked, or the browser's own with JavaScript) if valid, else the host's. */
export function chosenZone(asked: unknown, hostZone: string): string {
  return typeof asked === 'string' && asked.length <= 64 && isTimeZone(asked) ? asked : hostZone;
}

/** Up to `SLOTS_A_DAY` of a day's times, first and last kept: a person free only late finds one. */
const spread = <T>(times: T[]) =>
  times.length <= SLOTS_A_DAY
    ? times
    : Array.from(
        { length: SLOTS_A_DAY },
        (_, n) => times[Math.round((n * (times.length - 1)) / (SLOTS_A_DAY - 1))]!,
      );

/** The first `DAYS` days with open slots in `zone`, each with up to `SLOTS_A_DAY` of them. */
function byDay(slots: readonly Slot[], zone: string, group: boolean): BookingDayView[] {
  const days: BookingDayView[] = [];
  for (const slot of slots) {
    const time = DateTime.fromISO(slot.start, { zone });
    const date = time.toFormat('cccc d LLLL');
    let day = days.at(-1);
    if (day?.date !== date) {
      if (days.length === DAYS) break;
      day = { date, slots: [] };
      days.push(day);
    }
    day.slots.push({
      start: slot.start,
      time: time.toFormat('h:mm a'),
      ...(group ? { seatsLeft: slot.seatsLeft } : {}),
    });
  }
  return days.map((day) => ({ ...day, slots: spread(day.slots) }));
}

/** GET /book: rendered for the candidate this browser proves, in the zone `?zone=` asks. */
export async function bookingView(
  store: BookingStore,
  request: FastifyRequest,
  candidate: { id: number },
): Promise<BookingView> {
  const now = new Date();
  const [settings, booking] = await Promise.all([store.offer(), store.liveBooking(candidate.id)]);
  const stage = booking && callStage(booking, now.getTime());
  // An attended call: no new time (the team calls).
  const slots = stage === 'attended' ? [] : await store.slots(now, SLOTS_READ, booking);
  const zone = chosenZone((request.query as Record<string, unknown>).zone, settings.timeZone);
  const at = DateTime.fromJSDate(now);
  const zones = [...new Set([settings.timeZone, ...ZONES, zone])].map((value) => ({
    value,
    label: zoneLabel(value, at),
  }));
  return {
    zone,
    zoneName: at.setZone(zone).offsetNameLong ?? zone,
    zones,
    ...(booking ? { booked: callTime(booking.slot_start, zone) } : {}),
    ...(stage && stage !== 'ahead' ? { over: stage } : {}),
    days: byDay(slots, zone, settings.seats > 1),
  };
}
