import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { adminApi, type StatusPage } from '../leads';
import { tablesOf } from '../platform/database/connection';
import {
  arrayOfObjects,
  describedError,
  fieldErrorsBody,
  objectOf,
} from '../platform/http/api-schemas';
import { BookingStore, type BookingOutcome, type BookingRow } from './booking-store';
import type { BookingTables } from './booking-tables';
import type { Slot } from './open-slots';

/* The person's booking (issue 43), reached only with their proof (decision 176). */

export const BOOKING_PATH = '/api/booking';
/** Slots the person is offered at once. */
export const SLOTS_SHOWN = 12;
/** Slots a "just filled" answer offers instead. */
const NEXT_SLOTS = 3;

export const NO_BOOKING_PROOF =
  'Open this page from the link in our e-mail, or from the browser you applied in';
export const JUST_FILLED = 'That time was just filled: please pick another';
export const HAS_BOOKING = 'You already have a call booked: move or cancel it instead';
export const NOT_BOOKED = 'You have no call booked';
const NOT_A_SLOT = 'Please pick one of the times offered';

const slotProperties = {
  start: { type: 'string', format: 'date-time', description: 'UTC' },
  end: { type: 'string', format: 'date-time', description: 'UTC' },
  seatsLeft: { type: 'integer' },
};
const slotList = arrayOfObjects(slotProperties, true);
const bookingView = objectOf({ start: slotProperties.start, end: slotProperties.end });
const bookingAnswer = objectOf({ booking: bookingView });
const startBody = {
  type: 'object',
  properties: { start: { type: 'string', maxLength: 40 } },
  required: ['start'],
} as const;
const refused = {
  403: describedError('No proof of a candidate in this browser, or a cross-site post'),
  409: {
    type: 'object',
    description: 'Just filled (with the next three open slots), or a call already booked',
    properties: { error: { type: 'string' }, slots: slotList, booking: bookingView },
    required: ['error'],
  },
};

const viewOf = (booking: BookingRow) => ({ start: booking.slot_start, end: booking.slot_end });

export const bookingRoutes: FastifyPluginAsync<{ page: StatusPage }> = async (app, { page }) => {
  const store = new BookingStore(
    tablesOf<BookingTables>(app.database.db),
    app.writeQueue.forTables<BookingTables>(),
  );

  /** The candidate the browser proves, or undefined once refused with 403. */
  async function provenCandidate(request: FastifyRequest, reply: FastifyReply) {
    const candidate =
      request.method === 'GET' || page.sameOrigin(request)
        ? await page.provenCandidate(request)
        : undefined;
    if (!candidate) await reply.code(403).send({ error: NO_BOOKING_PROOF });
    return candidate;
  }

  async function answer(reply: FastifyReply, outcome: BookingOutcome) {
    switch (outcome.kind) {
      case 'booked':
        return reply.code(201).send({ booking: viewOf(outcome.booking) });
      case 'moved':
      case 'unchanged':
      case 'cancelled':
        return reply.send({ booking: viewOf(outcome.booking) });
      case 'filled':
        return reply
          .code(409)
          .send({ error: JUST_FILLED, slots: await store.slots(new Date(), NEXT_SLOTS) });
      case 'has-booking':
        return reply.code(409).send({ error: HAS_BOOKING, booking: viewOf(outcome.booking) });
      case 'no-booking':
        return reply.code(404).send({ error: NOT_BOOKED });
      case 'not-a-slot':
        return reply.code(400).send({
          error: adminApi.INVALID_FIELDS_MESSAGE,
          fields: { start: NOT_A_SLOT },
        });
    }
  }

  app.get(
    BOOKING_PATH,
    {
      schema: {
        summary: "The person's booked call, if any, and the open slots, in the host's time zone",
        response: {
          200: objectOf({
            timeZone: { type: 'string', description: "The host's IANA time zone" },
            booking: { ...bookingView, type: ['object', 'null'] },
            slots: slotList,
          }),
          403: refused[403],
        },
      },
    },
    async (request, reply) => {
      const candidate = await provenCandidate(request, reply);
      if (!candidate) return reply;
      const now = new Date();
      const [settings, booking, slots] = await Promise.all([
        store.availability(),
        store.liveBooking(candidate.id),
        store.slots(now, SLOTS_SHOWN),
      ]);
      return {
        timeZone: settings.timeZone,
        booking: booking ? viewOf(booking) : null,
        slots: slots satisfies Slot[],
      };
    },
  );

  const posts = [
    [
      '',
      'Books the slot starting at `start` (UTC); a repeat of the same booking answers 200',
      (id: number, start: string) => store.book(id, start),
    ],
    [
      '/move',
      'Moves the booked call to `start`: the same invitation, its sequence raised',
      (id: number, start: string) => store.move(id, start),
    ],
  ] as const;
  for (const [suffix, summary, act] of posts) {
    app.post<{ Body: { start: string } }>(
      `${BOOKING_PATH}${suffix}`,
      {
        schema: {
          summary,
          body: startBody,
          response: {
            200: bookingAnswer,
            201: bookingAnswer,
            400: fieldErrorsBody,
            404: describedError(NOT_BOOKED),
            ...refused,
          },
        },
      },
      async (request, reply) => {
        const candidate = await provenCandidate(request, reply);
        if (!candidate) return reply;
        return answer(reply, await act(candidate.id, request.body.start));
      },
    );
  }

  app.post(
    `${BOOKING_PATH}/cancel`,
    {
      schema: {
        summary: 'Cancels the booked call',
        response: { 200: bookingAnswer, 404: describedError(NOT_BOOKED), 403: refused[403] },
      },
    },
    async (request, reply) => {
      const candidate = await provenCandidate(request, reply);
      if (!candidate) return reply;
      return answer(reply, await store.cancel(candidate.id));
    },
  );
};
