import * as z from 'zod/mini';
import { isCalendarDay } from './calendar-day';
import { isTimeZone } from './time-zone';

// The host's availability for screening calls: weekly windows in one IANA zone, exceptions, and
// the rules that turn them into slots; the server stores it as one JSON document.

export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
type Weekday = (typeof WEEKDAYS)[number];

const time = z
  .string()
  .check(z.regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, { error: 'Use a time as HH:MM (24 hours)' }));
const whole = (min: number, max: number) => {
  const error = `Enter a whole number from ${min} to ${max}`;
  return z.int({ error }).check(z.minimum(min, { error }), z.maximum(max, { error }));
};

/** From `start` to `end` on the host's wall clock; a slot must end by `end`. */
const windowSchema = z
  .object({ start: time, end: time })
  .check(
    z.refine((window) => window.start < window.end, { error: 'The end must be after the start' }),
  );
export type TimeWindow = z.infer<typeof windowSchema>;

export const MAX_WINDOWS = 6;
const windows = z
  .array(windowSchema)
  .check(z.maxLength(MAX_WINDOWS, { error: `At most ${MAX_WINDOWS} windows a day` }));

const chooseZone = 'Choose a time zone by its name';

export const availabilitySchema = z.object({
  // Missing or null too (a GET's answer before the first save, sent back as it was).
  timeZone: z.string({ error: chooseZone }).check(z.refine(isTimeZone, { error: chooseZone })),
  weekly: z.object(
    Object.fromEntries(WEEKDAYS.map((day) => [day, windows])) as Record<Weekday, typeof windows>,
  ),
  /** A date's own windows instead of its weekday's; none: closed that day. */
  exceptions: z
    .array(
      z.object({
        date: z.string().check(z.refine(isCalendarDay, { error: 'Use a date as YYYY-MM-DD' })),
        windows,
      }),
    )
    .check(z.maxLength(366, { error: 'At most 366 exceptions' })),
  slotMinutes: whole(5, 480),
  /** Minutes between one slot's start and the next one's. */
  intervalMinutes: whole(1, 480),
  /** Minutes kept free before and after a booked slot. */
  bufferMinutes: whole(0, 240),
  /** Most bookings (seats) in one of the host's days. */
  dailyCap: whole(1, 1000),
  minimumNoticeHours: whole(0, 720),
  /** Off: no slot on the host's current day, whatever the notice. */
  sameDay: z.boolean({ error: 'Choose on or off' }),
  horizonDays: whole(1, 90),
  /** 1 for a screening call; more for a group information session. */
  seats: whole(1, 500),
});
export type Availability = z.infer<typeof availabilitySchema>;

const workingDay = [
  { start: '09:00', end: '12:00' },
  { start: '13:00', end: '17:00' },
];

/** Until an owner or recruiter saves their own: weekdays 9 to 5 (UTC), 30-minute calls. */
export const DEFAULT_AVAILABILITY: Availability = {
  timeZone: 'UTC',
  weekly: Object.fromEntries(
    WEEKDAYS.map((day, index) => [day, index < 5 ? workingDay : []]),
  ) as Availability['weekly'],
  exceptions: [],
  slotMinutes: 30,
  intervalMinutes: 30,
  bufferMinutes: 0,
  dailyCap: 16,
  minimumNoticeHours: 24,
  sameDay: false,
  horizonDays: 10,
  seats: 1,
};

export const AVAILABILITY_URL = '/api/admin/booking/availability';
/** Its GET: a host who never saved has no zone yet (the screen starts on the browser's). */
export type AvailabilityAnswer = Omit<Availability, 'timeZone'> & { timeZone: string | null };

/** The signed-in host's calendar feed: GET when its link was made, POST a new link (shown once). */
export const CALENDAR_FEED_URL = '/api/admin/booking/feed';
/** Its random token is the only proof (no id, no e-mail in it). */
export const calendarFeedPath = (token: string) => `/calendar/${token}.ics`;
/** `path` only right after a new link is made. */
export interface CalendarFeedLink {
  createdAt: string | null;
  path?: string;
}
