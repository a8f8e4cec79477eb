/* The booking page (/book) as the server renders it for the person, and its posts. */

export const BOOK_PATH = '/book';

/** Where the page's plain form posts go (also the JSON API's routes). */
export const BOOKING_ACTIONS = {
  book: '/api/booking',
  move: '/api/booking/move',
  cancel: '/api/booking/cancel',
} as const;

export interface BookingSlotView {
  /** UTC, ISO 8601: the value the form posts. */
  start: string;
  /** The time in the chosen zone, "9:30 AM". */
  time: string;
  /** Group sessions only. */
  seatsLeft?: number;
}

export interface BookingDayView {
  /** "Tuesday 16 March" */
  date: string;
  slots: BookingSlotView[];
}

export type BookingView = {
  /** The IANA zone the times are in, and its name ("Central Daylight Time"). */
  zone: string;
  zoneName: string;
  zones: { value: string; label: string }[];
  /** The person's booked call, in the zone; `over` once its time is (missed, or attended). */
  booked?: string;
  over?: CallOver;
  days: BookingDayView[];
};

/** `missed` (a no-show, or not marked) moves to a new time; `attended`: the team calls. */
export type CallOver = 'missed' | 'attended';

/** The booked call's time, as /book and the status page say it: ahead, or `past`. */
export const callOn = (when: string, past = false) =>
  `Your screening call ${past ? 'was' : 'is'} on ${when}.`;

export const BOOKING_NOTICES = {
  booked: 'Your call is booked. We have e-mailed you the invitation.',
  moved: 'Your call has moved. We have e-mailed you the new invitation.',
  cancelled: 'Your call is cancelled. You can book another time below.',
  filled: 'That time was just filled: please pick another',
  hasBooking: 'You already have a call booked: move or cancel it instead',
  notBooked: 'You have no call booked',
  tookPlace: 'Your call has taken place: we will be in touch about your next step',
  notASlot: 'Please pick one of the times offered',
  answerFirst: 'Please answer the questions before you pick a time',
  tooMany:
    'You have changed your call several times today: please try again tomorrow, or keep the time you have',
  busyAddress:
    'Many calls were booked from your internet connection today: please try again tomorrow, or from another connection',
} as const;
export type BookingNotice = keyof typeof BOOKING_NOTICES;

/** Where /book's questions post their answers (the person's proof, as book and cancel). */
export const SCREENING_ANSWER_URL = '/api/booking/screening';

export const ANSWERS = ['yes', 'no'] as const;
export type Answer = (typeof ANSWERS)[number];
/** The form field of the question at `index`: answer0, answer1. */
export const answerField = (index: number) => `answer${index}`;

/** /book before the slots: the questions to answer, or why there are no slots. */
export type ScreeningView =
  | { step: 'ask'; questions: string[] }
  | { step: 'refused'; explanations: string[] }
  /** Withdrawn, not a fit, enrolled or placed: no call to book, and the status page's words. */
  | { step: 'closed'; stage: string };
