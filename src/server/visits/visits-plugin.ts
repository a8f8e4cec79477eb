import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { isbot } from 'isbot';
import { landingVariants } from '@shared/enums';
import { VISIT_BEACON_PATH, VISIT_VALUE_MAX, type VisitBeacon } from '@shared/visit-beacon';
import { secondsLeft, type AddressCounters } from '../leads';
import { tablesOf } from '../platform/database/connection';
import {
  arrayOfObjects,
  describedError,
  fieldErrorsBody,
  retryAfterHeader,
} from '../platform/http/api-schemas';
import { funnelFigures } from './funnel';
import { VisitCounter } from './visit-counter';
import type { VisitTables } from './visit-tables';

declare module 'fastify' {
  interface FastifyInstance {
    /** The visit counter (tests flush it before reading the tables). */
    visitCounter: VisitCounter;
  }
}

const value = { type: 'string', maxLength: VISIT_VALUE_MAX } as const;

export interface VisitsOptions {
  siteUrl: string;
  /** The per-address limit of the lead routes (off with LEAD_RATE_LIMIT=0): beacons a minute. */
  flood?: { counters: AddressCounters; limit: number } | undefined;
}

/**
 * POST /api/visits, a public page's beacon (decision 115): 204 at once; bots and Global Privacy
 * Control are not counted; a flood from one address gets 429 (decision 152). Unencapsulated: the
 * admin's funnel route reads through its counter.
 */
export const visitsPlugin = fp<VisitsOptions>(async (app, { siteUrl, flood }) => {
  const counter = new VisitCounter(tablesOf<VisitTables>(app.database.db), siteUrl, (error) =>
    app.log.warn({ err: error }, 'visit count not written'),
  );
  app.decorate('visitCounter', counter);
  app.addHook('onClose', async () => counter.flush());

  app.post<{ Body: VisitBeacon }>(
    VISIT_BEACON_PATH,
    {
      schema: {
        description:
          'Counts a visit of a public page (no cookie; nothing personal stored). Bots and ' +
          'Global Privacy Control (Sec-GPC: 1) are not counted; the answer is the same.',
        body: {
          type: 'object',
          properties: {
            page: { ...value, pattern: '^/[A-Za-z0-9/_.-]*$' },
            variant: { type: 'string', enum: [...landingVariants] },
            utmSource: value,
            utmCampaign: value,
          },
          required: ['page'],
          additionalProperties: false,
        },
        response: {
          204: { type: 'null', description: 'Received' },
          429: describedError('A flood from one address: not counted', retryAfterHeader),
        },
      },
      ...(flood && {
        onRequest: async (request, reply) => {
          const now = Date.now();
          const counts = await flood.counters.add(request.ip, 'beacon', now);
          if (counts.beacon <= flood.limit) return undefined;
          return reply
            .code(429)
            .header('Retry-After', String(secondsLeft(now)))
            .send({ error: 'Too many requests from your network. Please wait a minute.' });
        },
      }),
    },
    async (request, reply) => {
      const userAgent = request.headers['user-agent'] ?? '';
      const counted = request.headers['sec-gpc'] !== '1' && userAgent !== '' && !isbot(userAgent);
      // A count that cannot be made (database unavailable) is lost, not answered with an error.
      if (counted) {
        await counter
          .count({ beacon: request.body, ip: request.ip, userAgent })
          .catch((error: unknown) => request.log.warn({ err: error }, 'visit not counted'));
      }
      return reply.code(204).send();
    },
  );
});

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar day as YYYY-MM-DD (2024-02-30 is not one). */
function isDay(text: string | undefined): text is string {
  if (text === undefined || !DAY.test(text)) return false;
  const time = Date.parse(`${text}T00:00:00.000Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === text;
}

const count = { type: 'integer' } as const;
const ratio = {
  type: ['number', 'null'],
  description: 'Share of the previous step (0..1); null when that step is 0',
} as const;
const steps = arrayOfObjects({
  key: { type: ['string', 'null'] },
  visitors: count,
  leads: count,
  questionnaires: { ...count, description: 'Candidates who completed the questionnaire' },
  applications: { ...count, description: 'Full applications' },
  recoveredByReminders: {
    ...count,
    description: 'Leads that finished the step a reminder asked for, after the reminder',
  },
  enrolled: { ...count, description: 'Leads whose status is enrolled or placed now' },
  placed: { ...count, description: 'Leads whose status is placed now' },
  leadRate: { ...ratio, description: 'leads / visitors' },
  questionnaireRate: { ...ratio, description: 'questionnaires / leads' },
  applicationRate: { ...ratio, description: 'applications / leads' },
});

/**
 * GET /api/admin/funnel?from=&to= (UTC days, inclusive): visitors and leads per variant, utm_source
 * and utm_campaign, with each step's rate. The admin registers it behind its guard.
 */
export const funnelRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: { from?: string; to?: string } }>(
    '/api/admin/funnel',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: {
            from: { type: 'string', format: 'date', description: 'First UTC day (YYYY-MM-DD)' },
            to: { type: 'string', format: 'date', description: 'Last UTC day, included' },
          },
        },
        response: {
          200: {
            type: 'object',
            properties: {
              from: { type: 'string' },
              to: { type: 'string' },
              variants: steps,
              utmSources: steps,
              utmCampaigns: steps,
            },
          },
          400: fieldErrorsBody,
        },
      },
      // Dates are checked below, so that a bad one is named in `fields`.
      validatorCompiler: () => () => true,
    },
    async (request, reply) => {
      const { from, to } = request.query;
      const fields: Record<string, string> = {};
      if (!isDay(from)) fields.from = 'A date as YYYY-MM-DD';
      if (!isDay(to)) fields.to = 'A date as YYYY-MM-DD';
      if (isDay(from) && isDay(to) && from > to) fields.to = 'Not before from';
      if (!isDay(from) || !isDay(to) || fields.to) {
        return reply.code(400).send({ error: 'Please check the dates', fields });
      }
      await app.visitCounter.flush();
      return funnelFigures(tablesOf<VisitTables>(app.database.db), from, to);
    },
  );
};
