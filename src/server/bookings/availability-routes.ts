import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  AVAILABILITY_URL,
  availabilitySchema,
  CALENDAR_FEED_URL,
  DEFAULT_AVAILABILITY,
} from '@shared/booking-availability';
import { handedOverSchema } from '@shared/admin-accounts';
import { objectOf } from '../platform/http/api-schemas';
import { availabilityOf } from './booking-hosts';
import { BookingStore } from './booking-store';
import { CalendarFeeds } from './calendar-feed';
import { handedOver, handOver } from './host-handover';
import { settingsRoutes } from './settings-routes';

const createdAt = {
  type: ['string', 'null'],
  description: 'When the link was made; null: none yet',
} as const;

/** The signed-in account: each host's availability and feed are their own. */
const accountOf = (request: FastifyRequest) => request.adminSession!.account.id;

/** The signed-in host's availability and calendar feed, behind the admin's `work` permission. */
export const availabilityRoutes: FastifyPluginAsync = async (app) => {
  const store = new BookingStore(app);
  const feeds = new CalendarFeeds(app);

  settingsRoutes(app, {
    url: AVAILABILITY_URL,
    schema: availabilitySchema,
    summaries: {
      get: 'Your availability for screening calls: weekly windows, exceptions and rules (the defaults, with no time zone, until you save; until then you offer no calls)',
      put: 'Replaces your availability; bookings already made stay, and calls needing a host are offered to the hosts free then',
    },
    // No zone until the host saves one: a default zone saved unseen would offer calls at night.
    read: async (request) =>
      (await availabilityOf(app.database.db, accountOf(request))) ?? {
        ...DEFAULT_AVAILABILITY,
        timeZone: null,
      },
    unsaved: { timeZone: { type: ['string', 'null'], description: 'null: none saved yet' } },
    // Hours saved may take up calls needing a host (decision 156), audited with them.
    save: (request, settings) =>
      store.saveAvailability(accountOf(request), settings, async (trx) => {
        const calls = await handOver(trx, accountOf(request));
        const entry = { action: 'availability_saved', detail: handedOver(calls) } as const;
        await app.audit.record(entry, request, trx);
        return { calls };
      }),
    beside: { calls: handedOverSchema },
  });

  app.get(
    CALENDAR_FEED_URL,
    {
      schema: {
        summary: 'When your private calendar feed link was made (the link itself is shown once)',
        response: { 200: objectOf({ createdAt }) },
      },
    },
    async (request) => ({ createdAt: await feeds.createdAt(accountOf(request)) }),
  );

  app.post(
    CALENDAR_FEED_URL,
    {
      schema: {
        summary: 'A new private calendar feed link of your calls; the one before stops working',
        response: {
          200: objectOf({
            createdAt: { type: 'string' },
            path: { type: 'string', description: '/calendar/<token>.ics: keep it private' },
          }),
        },
      },
    },
    async (request) =>
      feeds.reset(accountOf(request), (trx) =>
        app.audit.record({ action: 'calendar_feed_reset' }, request, trx),
      ),
  );
};
