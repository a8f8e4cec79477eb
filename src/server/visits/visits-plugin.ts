import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import fp from 'fastify-plugin';
import { isbot } from 'isbot';
import { daysIncluded, funnelSchema, funnelStages, REPORT_MAX_DAYS } from '@shared/admin-funnel';
import { isCalendarDay } from '@shared/calendar-day';
import { landingVariants } from '@shared/enums';
import { VISIT_BEACON_PATH, VISIT_VALUE_MAX, type VisitBeacon } from '@shared/visit-beacon';
import { refuseFlood, type Flood, type leadFunnel } from '../leads';
import { tablesOf } from '../platform/database/connection';
import { spendStoreOf } from '../spend';
import { describedError, fieldErrorsBody, retryAfterHeader } from '../platform/http/api-schemas';
import { addressKeyOf } from '../platform/http/address-key';
import { readDays, type DayRange } from '../platform/database/report-reads';
import { funnelFigures } from './funnel';
import { funnelCsv } from './funnel-csv';
import { VisitCounter } from './visit-counter';
import type { VisitTables } from './visit-tables';

declare module 'fastify' {
  interface FastifyInstance {
    /** The visit counter (tests flush it before reading the tables). */
    visitCounter: VisitCounter;
  }
}

const value = { type: 'string', maxLength: VISIT_VALUE_MAX } as const;
const BEACON_FLOOD = 'Too many requests from your network. Please wait a minute.';

interface VisitsOptions {
  siteUrl: string;
  /** The per-address limit of the lead routes (off with LEAD_RATE_LIMIT=0): beacons a minute. */
  flood?: Flood | undefined;
}

/** The visit beacon (decisions 115, 152); unencapsulated: the funnel reads its counter. */
export const visitsPlugin = fp<VisitsOptions>(async (app, { siteUrl, flood }) => {
  const counter = new VisitCounter(tablesOf<VisitTables>(app.database.db), siteUrl, (error) =>
    app.log.warn({ err: error }, 'visit count not written'),
  );
  app.decorate('visitCounter', counter);
  app.addHook('onClose', async () => counter.flush());

  await app.register(beaconRoute, { flood, counter });
});

/** The beacon's route alone reads text/plain, as JSON: pages send it as text. */
const beaconRoute: FastifyPluginAsync<
  Pick<VisitsOptions, 'flood'> & { counter: VisitCounter }
> = async (app, { counter, flood }) => {
  app.addContentTypeParser(
    'text/plain',
    { parseAs: 'string' },
    app.getDefaultJsonParser('error', 'error'),
  );
  app.post<{ Body: VisitBeacon }>(
    VISIT_BEACON_PATH,
    {
      schema: {
        description:
          'Counts a visit of a public page (no cookie; nothing personal stored). Bots, ' +
          'Global Privacy Control (Sec-GPC: 1) and beacons from other sites (Sec-Fetch-Site) ' +
          'are not counted; the answer is the same. JSON, as application/json or text/plain.',
        consumes: ['application/json', 'text/plain'],
        body: {
          type: 'object',
          properties: {
            page: { ...value, pattern: '^/[A-Za-z0-9/_.-]*$' },
            variant: { type: 'string', enum: [...landingVariants] },
            utmSource: value,
            utmCampaign: value,
          },
          // Other fields are ignored: a page cached before a field went still counts.
          required: ['page'],
        },
        response: {
          204: { type: 'null', description: 'Received' },
          400: fieldErrorsBody,
          429: describedError('A flood from one address: not counted', retryAfterHeader),
        },
      },
      ...(flood && {
        onRequest: async (request, reply) =>
          refuseFlood(flood, addressKeyOf(request), reply, Date.now(), 'beacon', BEACON_FLOOD),
      }),
    },
    async (request, reply) => {
      const userAgent = request.headers['user-agent'] ?? '';
      // Any site may post text/plain here: only our pages' beacons count (Sec-Fetch-Site).
      const site = request.headers['sec-fetch-site'];
      const ours = site === undefined || site === 'same-origin';
      const counted =
        ours && request.headers['sec-gpc'] !== '1' && userAgent !== '' && !isbot(userAgent);
      // A count that cannot be made (database unavailable) is lost, not answered with an error.
      if (counted) {
        await counter
          .count({ beacon: request.body, address: addressKeyOf(request), userAgent })
          .catch((error: unknown) => request.log.warn({ err: error }, 'visit not counted'));
      }
      return reply.code(204).send();
    },
  );
};

const funnelQuery = {
  type: 'object',
  properties: {
    from: { type: 'string', format: 'date', description: 'First UTC day (YYYY-MM-DD)' },
    to: {
      type: 'string',
      format: 'date',
      description:
        `Last UTC day, included; at most ${REPORT_MAX_DAYS} days from \`from\` on (two ` +
        'years): a wider range answers 400 naming `to`',
    },
    currency: {
      type: 'string',
      description: 'ISO 4217 code of the spend to report (default: the one most spent)',
    },
    before: {
      type: 'string',
      description:
        'A time on the day `to` (as 2026-11-23T08:12Z): only leads created before it count; ' +
        "visitors stay whole days, that day's spend pro rata (the Overview compares last week " +
        'to this moment)',
    },
  },
} as const;

/** The funnel of a range of UTC days, as JSON and CSV, behind the admin's guard. */
export const funnelRoutes =
  (
    bookedOf: (db: Pick<Kysely<object>, 'getExecutor'>) => leadFunnel.BookedCalls,
  ): FastifyPluginAsync =>
  async (app) => {
    const db = tablesOf<VisitTables>(app.database.db);
    // The booked calls, read by the bookings capability (decision 177): passed in by app.ts.
    const booked = bookedOf(app.database.db);
    const spend = spendStoreOf(app);
    /** The figures of a valid range (the beacon's counts written first), or the 400's body. */
    const figuresOf = async (query: FunnelQuery) => {
      const range = checkedRange(query);
      if ('fields' in range) return range;
      await app.visitCounter.flush();
      const { from, to, currency, before } = range;
      const days = { from, to, daysPerRead: readDays(app.database.dialect) };
      return funnelFigures(db, spend, days, currency, booked, before);
    };
    // Dates are checked in figuresOf, so that a bad one is named in `fields`.
    const funnelRoute = (ok: object, more: object = {}) => ({
      schema: { ...more, querystring: funnelQuery, response: { 200: ok, 400: fieldErrorsBody } },
      validatorCompiler: () => () => true,
    });
    app.get<{ Querystring: FunnelQuery }>(
      '/api/admin/funnel',
      funnelRoute(funnelSchema, {
        description:
          `Visitors, leads and ad spend of at most ${REPORT_MAX_DAYS} UTC days (two years), in ` +
          'total and per landing page, landing variant, UTM source and UTM campaign. Each stage ' +
          `(${funnelStages.map(({ key }) => key).join(', ')}) counts the leads that reached at ` +
          "least it; a campaign's spend of each day is shared among its landing pages by their " +
          "share of that day's visitors. A wider range is refused (400, `fields.to`), never " +
          'cut short: the figures are always those of the range asked for.',
      }),
      async (request, reply) => {
        const figures = await figuresOf(request.query);
        return 'fields' in figures ? reply.code(400).send(figures) : figures;
      },
    );

    app.get<{ Querystring: FunnelQuery }>(
      '/api/admin/funnel.csv',
      funnelRoute(
        { type: 'string', description: 'funnel-<from>-<to>.csv' },
        {
          description:
            'The same figures as GET /api/admin/funnel, as CSV: the total, a row per landing ' +
            'page, landing variant, UTM source and UTM campaign, then the spend no campaign ' +
            'matched. Amounts are decimals in the Currency column.',
          produces: ['text/csv'],
        },
      ),
      async (request, reply) => {
        const figures = await figuresOf(request.query);
        if ('fields' in figures) return reply.code(400).send(figures);
        return reply
          .header('Content-Type', 'text/csv; charset=utf-8')
          .header(
            'Content-Disposition',
            `attachment; filename="funnel-${figures.from}-${figures.to}.csv"`,
          )
          .send(funnelCsv(figures));
      },
    );
  };

type FunnelQuery = { from?: string; to?: string; currency?: string; before?: string };

type Checked = { error: string; fields: Record<string, string> } | (DayRange & FunnelQuery);

function checkedRange({ from, to, currency, before }: FunnelQuery): Checked {
  const fields: Record<string, string> = {};
  if (!isCalendarDay(from)) fields.from = 'A date as YYYY-MM-DD';
  if (!isCalendarDay(to)) fields.to = 'A date as YYYY-MM-DD';
  else if (isCalendarDay(from) && from > to) fields.to = 'Not before from';
  else if (isCalendarDay(from) && daysIncluded(from, to) > REPORT_MAX_DAYS)
    fields.to = `Within two years of from: at most ${REPORT_MAX_DAYS} days, both included`;
  if (currency !== undefined && !/^[A-Z]{3}$/.test(currency))
    fields.currency = 'An ISO 4217 code such as USD';
  const utc = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d{1,3})?)?Z$/.test(before ?? '');
  const time = utc ? Date.parse(before!) : NaN;
  const beforeIso = Number.isNaN(time) ? undefined : new Date(time).toISOString();
  if (before !== undefined && beforeIso?.slice(0, 10) !== to)
    fields.before = 'A UTC time on the day of to, as 2026-11-23T08:12Z';
  if (!isCalendarDay(from) || !isCalendarDay(to) || Object.keys(fields).length > 0) {
    const dates = fields.from || fields.to || fields.before;
    return { error: dates ? 'Please check the dates' : 'Please check the currency', fields };
  }
  return { from, to, currency, before: beforeIso };
}
