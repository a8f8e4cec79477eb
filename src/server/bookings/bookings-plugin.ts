import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { PageState } from '@shared/page-state';
import { refuseFlood, scopedKey, type Flood, type StatusPage } from '../leads';
import { addressKeyOf } from '../platform/http/address-key';
import { tablesOf, type SharedTransaction } from '../platform/database/connection';
import { startOutboxWorker, type WorkerSettings } from '../platform/outbox/outbox-worker';
import { bookingView } from './booking-page';
import { bookingRoutes, type BookingRoutesOptions } from './booking-routes';
import type { BookingStore } from './booking-store';
import { takeTurn } from './booking-store';
import { callStage, liveCalls, type BookingTables, type CallCause } from './booking-tables';
import { calendarFeedRoute } from './calendar-feed';
import { callSender, callTime, type CallSenderOptions } from './call-sender';
import { stepBefore } from './screening-routes';
import type { ScreeningStore } from './screening-store';

interface BookingsOptions extends BookingRoutesOptions, CallSenderOptions {
  worker?: WorkerSettings | undefined;
  flood?: Flood | undefined;
}

/** The person's booking routes, and the worker that sends their invitations and reminders. */
export const bookingsPlugin: FastifyPluginAsync<BookingsOptions> = async (app, options) => {
  // One budget per address a minute: each post keeps a notice for /book (decision 152).
  const { flood } = options;
  if (flood)
    app.addHook('onRequest', (request, reply) =>
      refuseFlood(flood, scopedKey('bookings', addressKeyOf(request)), reply, Date.now()),
    );
  await app.register(bookingRoutes, options);
  await app.register(calendarFeedRoute, { siteUrl: options.context.siteUrl });
  if (options.worker?.enabled === false) return;
  startOutboxWorker(app, 'call invitation', {
    ...options.worker,
    senders: { calendar: callSender(app, options) },
  });
};

/** /book's state for this request: the person's slots and call, or the screening's step instead
    of the slots; none without proof. */
export function bookPageState(store: BookingStore, screening: ScreeningStore, page: StatusPage) {
  return async (request: FastifyRequest): Promise<PageState | undefined> => {
    const candidate = await page.provenCandidate(request);
    if (!candidate) return undefined;
    const screened = await stepBefore(screening, candidate);
    return screened
      ? { screening: screened }
      : { booking: await bookingView(store, request, candidate) };
  };
}

/** What /book has for the candidate now: their call ahead, or a time open to a person not turned
    away by a knock-out question. */
export const offersCall =
  (store: BookingStore, screening: ScreeningStore) =>
  async (candidateId: number): Promise<{ offer: 'move' | 'book' | false; when?: string }> => {
    const [held, open, screened] = await Promise.all([
      store.liveBooking(candidateId),
      store.slots(new Date(), 1),
      screening.step(candidateId),
    ]);
    const stage = held && callStage(held);
    const when = held ? { when: callTime(held.slot_start, held.time_zone) } : {};
    if (stage === 'ahead') return { offer: 'move', ...when };
    // A missed call is moved to a new time, as one is booked; after an attended one, the team calls.
    const book = stage !== 'attended' && open.length > 0 && screened?.step !== 'refused';
    return { offer: book && 'book', ...when };
  };

/** Ids a query lists at once: well under either database's bound on parameters. */
const IDS_AT_ONCE = 500;

/** Cancels the calls not yet started of candidates whose status leaves them none, in that change's
    transaction; a call begun stays on record (decision 178). */
export const cancelUpcomingCalls = (store: BookingStore) =>
  Object.assign(
    async (trx: SharedTransaction, candidateIds: readonly number[], cause: CallCause) => {
      const [db, now] = [tablesOf<BookingTables>(trx), new Date()];
      for (let at = 0; at < candidateIds.length; at += IDS_AT_ONCE) {
        const upcoming = await liveCalls(db)
          .where('lead_id', 'in', candidateIds.slice(at, at + IDS_AT_ONCE))
          .where('slot_start', '>', now.toISOString())
          .execute();
        for (const { lead_id } of upcoming) await store.cancelIn(db, Number(lead_id), now, cause);
      }
    },
    { turn: (trx: SharedTransaction) => takeTurn(tablesOf<BookingTables>(trx)) },
  );
