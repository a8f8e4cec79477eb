import type { FastifyPluginAsync } from 'fastify';
import { errorBody, idParams, rowId } from '../../platform/http/api-schemas';
import { possibleDuplicatesSchema as duplicatesSchema } from '@shared/admin-duplicates';
import { mergeWinnersSchema, type MergeWinners } from '@shared/lead-merge';
import { adminApi, type LeadDesk } from '../../leads';
import { BookingStore, mergeCalls } from '../../bookings';
import { tablesOf } from '../../platform/database/connection';
import type { AuditTables } from '../audit/audit-tables';
import { CALL_ACTIONS } from './detail-view';
import { badRequest, notFound } from './admin-replies';

const PATH = '/api/candidate-submissions/:id';

const mergeBody = {
  type: 'object',
  properties: {
    otherId: { ...rowId, description: 'The lead merged into this one' },
    winners: mergeWinnersSchema,
  },
  required: ['otherId'],
  additionalProperties: false,
};

/** A candidate's possible duplicates and their merge (decision 161), audited in its transaction. */
export const duplicateRoutes: FastifyPluginAsync<{ desk: LeadDesk }> = async (app, { desk }) => {
  const calls = new BookingStore(app);
  app.get<{ Params: { id: number } }>(
    `${PATH}/duplicates`,
    { schema: { params: idParams, response: { 200: duplicatesSchema, 404: errorBody } } },
    async (request, reply) =>
      (await adminApi.possibleDuplicates(desk.listing.db, request.params.id)) ?? notFound(reply),
  );

  app.post<{ Params: { id: number }; Body: { otherId: number; winners?: MergeWinners } }>(
    `${PATH}/merge`,
    {
      schema: {
        params: idParams,
        body: mergeBody,
        response: {
          200: {
            type: 'object',
            properties: { id: { type: 'integer' }, mergedId: { type: 'integer' } },
          },
          404: errorBody,
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { otherId, winners = {} } = request.body;
      if (otherId === id)
        return badRequest(reply, { otherId: 'A lead cannot be merged with itself' });
      const merge = { keptId: id, otherId, winners, by: request.adminSession!.account.id };
      const merged = await desk.mergeCandidates(merge, async (trx) => {
        const entry = { leadType: 'candidate', leadId: id } as const;
        const detail = `#${otherId}`;
        await app.audit.record({ ...entry, action: 'lead_merged', detail }, request, trx);
        // The lead keeps one call: the other's goes to it, or is cancelled if it holds one.
        const cancelled = await mergeCalls(calls, trx, { keptId: id, otherId });
        // The removed lead's call history goes with its calls.
        await tablesOf<AuditTables>(trx)
          .updateTable('admin_audit_entries')
          .set({ lead_id: id })
          .where('lead_type', '=', 'candidate')
          .where('lead_id', '=', otherId)
          .where('action', 'in', CALL_ACTIONS)
          .execute();
        if (cancelled) {
          const detail = `call ${cancelled.id}: merged into a lead holding one`;
          await app.audit.record({ ...entry, action: 'call_cancelled', detail }, request, trx);
        }
      });
      if (!merged) return notFound(reply);
      request.log.info({ id, otherId }, 'admin merged two leads');
      return { id, mergedId: otherId };
    },
  );
};
