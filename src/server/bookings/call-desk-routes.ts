import type { FastifyPluginAsync } from 'fastify';
import { DateTime } from 'luxon';
import {
  BOOKINGS_URL,
  CALL_OUTCOMES,
  CALL_NOT_STARTED,
  callSchema,
  dayCallsSchema,
  type CallOutcome,
} from '@shared/booking-calls';
import { isCalendarDay } from '@shared/calendar-day';
import { adminApi, statusApi } from '../leads';
import { describedError, idParams } from '../platform/http/api-schemas';
import { BookingStore } from './booking-store';
import { hostNames } from './booking-hosts';
import type { BookingRow } from './booking-tables';
import { CallDesk, callView, type NotTaken } from './call-desk';

const NO_CALL = 'No such call, or it was cancelled';
/** A call's audit entry names its lead. */
const onLead = (call: BookingRow) =>
  ({ leadType: 'candidate', leadId: Number(call.lead_id) }) as const;
/** Why a call was not taken: the 409's sentence, shown on the desk. */
const NOT_TAKEN: Record<NotTaken, string> = {
  started: 'This call has started: it can no longer be taken',
  hosted: 'This call has a host already: someone took it a moment earlier',
  busy: 'You already have a call at that time',
};

/** The day's calls (`read`), their marking and taking (`work`), behind the admin's guard. */
export const callDeskRoutes: FastifyPluginAsync = async (app) => {
  const { database } = app;
  const desk = new CallDesk(app);
  const store = new BookingStore(app);

  app.get<{ Querystring: { day?: string } }>(
    BOOKINGS_URL,
    {
      schema: {
        summary:
          "The day's booked calls (without ?day=, today's) in your zone (else the first host's), with each lead's name and id and the host's name",
        querystring: {
          type: 'object',
          properties: { day: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } },
        },
        response: { 200: dayCallsSchema },
      },
    },
    async (request, reply) => {
      // The pattern lets 2026-02-30 through, which the desk would read as no day at all.
      const { day } = request.query;
      const fields = day && !isCalendarDay(day) ? { day: 'A date as YYYY-MM-DD' } : undefined;
      if (fields) return reply.code(400).send({ error: adminApi.INVALID_FIELDS_MESSAGE, fields });
      const now = new Date();
      const timeZone = await store.deskZone(request.adminSession!.account.id);
      // Today is the desk's zone's day, not the browser's: a call that has just started is today's.
      const today = DateTime.fromJSDate(now, { zone: timeZone }).toISODate()!;
      const rows = await desk.day(day ?? today, timeZone, now);
      const leadIds = rows.map((row) => Number(row.lead_id));
      const hostIds = rows.map((row) => Number(row.host_id));
      const [names, hosts] = await Promise.all([
        statusApi.candidateNames(database.db, leadIds),
        hostNames(database.db, hostIds),
      ]);
      const calls = rows.map((row, index) => {
        const host = hosts.get(hostIds[index]!);
        return {
          ...callView(row, now),
          name: names.get(leadIds[index]!) ?? null,
          host: host?.name ?? null,
          // Its host left (handed over to nobody free then): somebody must act before it starts.
          needsHost: !host?.takesCalls && Date.parse(row.slot_start) > now.getTime(),
        };
      });
      return { timeZone, today, calls };
    },
  );

  app.post<{ Params: { id: number }; Body: { outcome: CallOutcome } }>(
    `${BOOKINGS_URL}/:id/outcome`,
    {
      schema: {
        summary:
          'Marks a started call attended, no-show or late; a no-show is asked once to pick a new time',
        params: idParams,
        body: {
          type: 'object',
          properties: { outcome: { type: 'string', enum: CALL_OUTCOMES } },
          required: ['outcome'],
          additionalProperties: false,
        },
        response: {
          200: callSchema,
          404: describedError(NO_CALL),
          409: describedError(CALL_NOT_STARTED),
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { outcome } = request.body;
      const detail = `call ${id}: ${outcome}`;
      const marked = await desk.mark(id, outcome, (trx, call) =>
        app.audit.record({ ...onLead(call), action: 'call_marked', detail }, request, trx),
      );
      if (!marked) return reply.code(404).send({ error: NO_CALL });
      if (marked === 'early') return reply.code(409).send({ error: CALL_NOT_STARTED });
      return callView(marked, new Date());
    },
  );

  app.post<{ Params: { id: number } }>(
    `${BOOKINGS_URL}/:id/take`,
    {
      schema: {
        summary:
          "Makes a call needing a host the signed-in account's, at its time whatever their hours; the person is sent nothing",
        params: idParams,
        response: {
          200: callSchema,
          404: describedError(NO_CALL),
          409: describedError(Object.values(NOT_TAKEN).join('; or: ')),
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      // "Call taken by Lena" on the lead's timeline.
      const detail = `call ${id}`;
      const taken = await desk.take(id, request.adminSession!.account.id, (trx, call) =>
        app.audit.record({ ...onLead(call), action: 'call_taken', detail }, request, trx),
      );
      if (!taken) return reply.code(404).send({ error: NO_CALL });
      if (typeof taken === 'string') return reply.code(409).send({ error: NOT_TAKEN[taken] });
      return callView(taken, new Date());
    },
  );
};
