import formbody from '@fastify/formbody';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import {
  BOOK_PATH,
  BOOKING_ACTIONS,
  BOOKING_NOTICES,
  type BookingNotice,
} from '@shared/booking-view';
import { submissionClient, withConversionFields } from '../conversions';
import {
  adminApi,
  statusApi,
  type FormHandoff,
  type MailAllowance,
  type StatusPage,
} from '../leads';
import { describedError, fieldErrorsBody, listOf, objectOf } from '../platform/http/api-schemas';
import { tablesOf } from '../platform/database/connection';
import { callsBookedFrom } from './booking-bounds';
import { chosenZone } from './booking-page';
import type { BookingStore, Refusal } from './booking-store';
import type { BookingOutcome, BookingRow, BookingTables } from './booking-tables';
import {
  refuseUnscreened,
  screeningAnswerRoute,
  screeningViewSchema,
  stepBefore,
} from './screening-routes';
import type { ScreeningStore } from './screening-store';

/* The person's booking (issue 43), reached only with their proof (decision 176): JSON, or a
   browser's plain form post answered 303 back to /book with what happened (decision 090). */

/** Slots the JSON answer offers at once, and a "just filled" answer instead. */
const SLOTS_SHOWN = 12;
const NEXT_SLOTS = 3;

const NO_BOOKING_PROOF =
  'Open this page from the link in our e-mail, or from the browser you applied in';

const utc = { type: 'string', description: 'UTC, ISO 8601' };
const slotList = listOf({ start: utc, end: utc, seatsLeft: { type: 'integer' } });
const bookingView = objectOf({ start: utc, end: utc });
const bookingAnswer = objectOf({ booking: bookingView });
const startBody = {
  type: 'object',
  properties: {
    start: { type: 'string', maxLength: 40 },
    zone: {
      type: 'string',
      maxLength: 64,
      description: "The IANA zone the person chose (the host's by default)",
    },
  },
  required: ['start'],
} as const;
const backToPage = {
  type: 'null',
  description: "A browser's form post: back to /book, which says what happened",
  headers: { Location: { type: 'string' } },
} as const;
const answers = {
  200: bookingAnswer,
  303: backToPage,
  403: describedError(
    'No proof of a candidate in this browser, a cross-site post, or (booking) a knock-out question unanswered or answered "no", or a closed application',
  ),
  404: describedError(BOOKING_NOTICES.notBooked),
  409: {
    type: 'object',
    description:
      'Just filled (with the next three open slots), a call already booked, or (move, cancel) one that took place',
    properties: { error: { type: 'string' }, slots: slotList, booking: bookingView },
    required: ['error'],
  },
  429: describedError(`${BOOKING_NOTICES.tooMany}; or (booking) ${BOOKING_NOTICES.busyAddress}`),
};

const viewOf = (booking: BookingRow) => ({ start: booking.slot_start, end: booking.slot_end });

/** Each outcome's notice on /book after a plain post, and its status code to a JSON client. */
const ANSWER_OF: Record<
  Exclude<BookingOutcome['kind'], 'closed'>,
  [BookingNotice | undefined, number]
> = {
  booked: ['booked', 201],
  moved: ['moved', 200],
  cancelled: ['cancelled', 200],
  unchanged: [undefined, 200],
  filled: ['filled', 409],
  'has-booking': ['hasBooking', 409],
  'took-place': ['tookPlace', 409],
  'no-booking': ['notBooked', 404],
  'not-a-slot': ['notASlot', 400],
  'too-many': ['tooMany', 429],
  'busy-address': ['busyAddress', 429],
};

export interface BookingRoutesOptions {
  store: BookingStore;
  screening: ScreeningStore;
  page: StatusPage;
  handoff: FormHandoff;
  /** The Conversions API is on: a booking writes Meta's `Schedule`. */
  conversions: boolean;
  /** Counts the calls booked per client address a day; none with LEAD_RATE_LIMIT=0. */
  addressCap?: MailAllowance | undefined;
}

export const bookingRoutes: FastifyPluginAsync<BookingRoutesOptions> = async (
  app,
  { store, screening, page, handoff, conversions, addressCap },
) => {
  await app.register(formbody, { bodyLimit: 1024 });

  /** 303 to /book in the chosen zone, telling the page what happened (and a new booking's event
      id: the page's pixel sends its `Schedule` under it too). */
  async function back(
    request: FastifyRequest,
    reply: FastifyReply,
    notice?: BookingNotice,
    scheduleEventId?: string,
  ) {
    const state = { bookingNotice: notice, ...(scheduleEventId ? { scheduleEventId } : {}) };
    const cookie = notice && (await handoff.keep(request, BOOK_PATH, state));
    const body = (request.body ?? {}) as Record<string, unknown>;
    const zone = chosenZone(body.zone, (await store.offer()).timeZone);
    return statusApi.seeOther(reply, `${BOOK_PATH}?zone=${encodeURIComponent(zone)}`, cookie);
  }

  /** The candidate the browser proves, or undefined once refused. */
  async function provenCandidate(request: FastifyRequest, reply: FastifyReply) {
    const candidate = page.sameOrigin(request) ? await page.provenCandidate(request) : undefined;
    if (candidate) return candidate;
    if (statusApi.wantsHtml(request)) await back(request, reply);
    else await reply.code(403).send({ error: NO_BOOKING_PROOF });
    return undefined;
  }

  screeningAnswerRoute(app, screening, provenCandidate, back);

  async function answer(
    request: FastifyRequest,
    reply: FastifyReply,
    outcome: BookingOutcome,
    eventId?: string,
  ) {
    if (outcome.kind === 'closed')
      return refuseUnscreened(back, request, reply, { step: 'closed', stage: outcome.stage });
    const [notice, code] = ANSWER_OF[outcome.kind];
    // The pixel's `Schedule` goes with the server's: for the lead's first call only.
    const scheduled = outcome.kind === 'booked' && outcome.first ? eventId : undefined;
    if (statusApi.wantsHtml(request)) return back(request, reply, notice, scheduled);
    const booking = 'booking' in outcome ? { booking: viewOf(outcome.booking) } : {};
    if (code < 400) return reply.code(code).send(booking);
    const fields = { start: BOOKING_NOTICES.notASlot };
    if (outcome.kind === 'not-a-slot')
      return reply.code(400).send({ error: adminApi.INVALID_FIELDS_MESSAGE, fields });
    const slots =
      outcome.kind === 'filled' ? { slots: await store.slots(new Date(), NEXT_SLOTS) } : {};
    return reply.code(code).send({ error: BOOKING_NOTICES[notice!], ...booking, ...slots });
  }

  app.get(
    BOOKING_ACTIONS.book,
    {
      schema: {
        summary:
          'The person\'s booked call, if any, and the open slots, in the host\'s time zone; none while a knock-out question waits or after a "no"',
        response: {
          200: objectOf({
            timeZone: { type: 'string', description: "The host's IANA time zone" },
            booking: { ...bookingView, type: ['object', 'null'] },
            slots: slotList,
            screening: screeningViewSchema,
          }),
          403: answers[403],
        },
      },
    },
    async (request, reply) => {
      const candidate = await provenCandidate(request, reply);
      if (!candidate) return reply;
      const [settings, booking, screened] = await Promise.all([
        store.offer(),
        store.liveBooking(candidate.id),
        stepBefore(screening, candidate),
      ]);
      const slots = screened ? [] : await store.slots(new Date(), SLOTS_SHOWN, booking);
      return {
        timeZone: settings.timeZone,
        booking: booking ? viewOf(booking) : null,
        slots,
        screening: screened ?? null,
      };
    },
  );

  const summaries = {
    book: 'Books the slot starting at `start` (UTC); the same again answers 200',
    move: 'Moves the booked call to `start`: the same invitation, its sequence raised',
  };
  for (const action of ['book', 'move'] as const) {
    app.post<{ Body: { start: string; zone?: string } }>(
      BOOKING_ACTIONS[action],
      {
        schema: {
          summary: summaries[action],
          body: action === 'book' ? withConversionFields(startBody) : startBody,
          consumes: ['application/json', 'application/x-www-form-urlencoded'],
          response: { ...answers, 201: bookingAnswer, 400: fieldErrorsBody },
        },
      },
      async (request, reply) => {
        const candidate = await provenCandidate(request, reply);
        if (!candidate) return reply;
        const { start, zone } = request.body;
        const timeZone = chosenZone(zone, (await store.offer()).timeZone);
        const screened = await stepBefore(screening, candidate);
        // A held call moves without answers, but not once no call is the person's (closed).
        if (screened && (action === 'book' || screened.step === 'closed'))
          return refuseUnscreened(back, request, reply, screened);
        if (action === 'move')
          return answer(request, reply, await store.move(candidate.id, start, timeZone));
        const now = new Date();
        // Asked again in the booking's write: a status change may have come since (enrolled).
        const refuse: Refusal = async (trx) => {
          const stage = await statusApi.noCallNow(trx, app.database.dialect, candidate.id);
          if (stage) return { kind: 'closed', stage };
          const counted = [callsBookedFrom(request)];
          if (addressCap && !(await addressCap.take(tablesOf(trx), counted, now.getTime())))
            return { kind: 'busy-address' };
          return undefined;
        };
        // Meta's `Schedule`, with the request's event id and browser (decision 110).
        const client = submissionClient(request);
        const booked = conversions
          ? (trx: Transaction<BookingTables>) =>
              statusApi.recordCallEvent(trx, candidate.id, client, now)
          : undefined;
        const outcome = await store.book(candidate.id, start, timeZone, now, booked, refuse);
        return answer(request, reply, outcome, client.eventId);
      },
    );
  }

  app.post(
    BOOKING_ACTIONS.cancel,
    {
      schema: {
        summary: 'Cancels the booked call',
        consumes: ['application/json', 'application/x-www-form-urlencoded'],
        response: answers,
      },
    },
    async (request, reply) => {
      const candidate = await provenCandidate(request, reply);
      if (!candidate) return reply;
      return answer(request, reply, await store.cancel(candidate.id));
    },
  );
};
