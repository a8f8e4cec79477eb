import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { PageState } from '@shared/page-state';
import {
  scopedKey,
  secondsLeft,
  statusApi,
  type AddressCounters,
  type FormHandoff,
  type StatusPage,
} from '../leads';
import { tablesOf } from '../platform/database/connection';
import { addressKeyOf } from '../platform/http/address-key';
import { describedError, retryAfterHeader } from '../platform/http/api-schemas';
import { createMailer, type MailSettings } from '../platform/mail/mailer';
import type { OutboxTables } from '../platform/outbox/outbox-tables';
import { startOutboxWorker, type WorkerSettings } from '../platform/outbox/outbox-worker';
import { BookingPage } from './booking-page';
import { bookingRoutes } from './booking-routes';
import { BookingStore, type ChangeRecorder } from './booking-store';
import type { BookingTables } from './booking-tables';
import { CalendarFeeds } from './calendar-feed';
import { callSender, type CallMailContext } from './call-sender';
import type { ScreeningStore } from './screening-store';

export interface BookingsOptions {
  store: BookingStore;
  screening: ScreeningStore;
  /** The Conversions API is on: a booking writes Meta's `Schedule`. */
  conversions: boolean;
  page: StatusPage;
  handoff: FormHandoff;
  mail: MailSettings;
  dataDir: string;
  context: Omit<CallMailContext, 'from'>;
  statusLinkDays: number;
  worker?: WorkerSettings | undefined;
  /** The calendar feeds' budget per address a minute, as the other public routes have. */
  flood?: { counters: AddressCounters; limit: number } | undefined;
}

/** The person's booking routes, and the worker that sends their invitations and reminders. */
export const bookingsPlugin: FastifyPluginAsync<BookingsOptions> = async (app, options) => {
  const { store, screening, page, handoff, conversions } = options;
  await app.register(bookingRoutes, { store, screening, page, handoff, conversions });
  await app.register(calendarFeedRoute, { siteUrl: options.context.siteUrl, flood: options.flood });
  if (options.worker?.enabled === false) return;
  const mailer = createMailer(options.mail, options.dataDir);
  app.addHook('onClose', async () => mailer.close());
  const { database, writeQueue } = app;
  startOutboxWorker(app, 'call invitation', {
    senders: {
      calendar: callSender({
        db: tablesOf<BookingTables>(database.db),
        writes: writeQueue.forTables<OutboxTables>(),
        mailer,
        context: { ...options.context, from: options.mail.from },
        contact: (leadId) =>
          statusApi.candidateContact(database.db, writeQueue, leadId, options.statusLinkDays),
      }),
    },
    pollMs: options.worker?.pollMs,
    retryBaseMs: options.worker?.retryBaseMs,
  });
};

const NOT_FOUND = 'No such calendar';

/** GET /calendar/<token>.ics: a host's calls for their calendar app; the token is the proof. */
const calendarFeedRoute: FastifyPluginAsync<
  Pick<BookingsOptions, 'flood'> & { siteUrl: string }
> = async (app, { siteUrl, flood }) => {
  const { db } = app.database;
  const feeds = new CalendarFeeds(tablesOf<BookingTables>(db), app.writeQueue.forTables());
  const firstNames = (ids: readonly number[]) => statusApi.candidateFirstNames(db, ids);
  app.get<{ Params: { file: string } }>(
    '/calendar/:file',
    {
      schema: {
        summary: "A host's booked calls as iCalendar (text/calendar), for a calendar app",
        params: {
          type: 'object',
          properties: { file: { type: 'string', description: '<token>.ics' } },
          required: ['file'],
        },
        response: {
          200: { type: 'string', description: 'text/calendar' },
          404: describedError(NOT_FOUND),
          429: describedError('Too many requests from this address', retryAfterHeader),
        },
      },
    },
    async (request, reply) => {
      const now = Date.now();
      const key = scopedKey('calendar', addressKeyOf(request));
      if (flood && (await flood.counters.add(key, 'request', now)).request > flood.limit) {
        return reply
          .code(429)
          .header('retry-after', String(secondsLeft(now)))
          .send({ error: 'Too many requests, please try again in a minute' });
      }
      const token = /^([\w-]{1,64})\.ics$/.exec(request.params.file)?.[1];
      const feed = token && (await feeds.feed(token, { siteUrl, firstNames }));
      if (!feed) return reply.code(404).send({ error: NOT_FOUND });
      return reply
        .header('Content-Type', 'text/calendar; charset=utf-8')
        .header('Cache-Control', 'private, no-store')
        .send(feed);
    },
  );
};

/**
 * /book's state for this request: the person's slots and call, or the knock-out questions or a
 * "no"'s explanation instead of the slots; none without their proof.
 */
export function bookPageState(store: BookingStore, screening: ScreeningStore, page: StatusPage) {
  const booking = new BookingPage(store);
  return async (request: FastifyRequest): Promise<PageState | undefined> => {
    const candidate = await page.provenCandidate(request);
    if (!candidate) return undefined;
    const screened = await screening.step(candidate.id);
    return screened ? { screening: screened } : { booking: await booking.view(request, candidate) };
  };
}

/** The store on the app's database, with the reminders CALL_REMINDERS asks for. */
export const bookingStoreOf = (
  app: FastifyInstance,
  remindersMs: readonly number[] = [],
  recordChange?: ChangeRecorder,
) =>
  new BookingStore(
    tablesOf<BookingTables>(app.database.db),
    app.writeQueue.forTables<BookingTables>(),
    remindersMs,
    recordChange,
  );
