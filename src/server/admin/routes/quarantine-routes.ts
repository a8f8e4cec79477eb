import type { FastifyPluginAsync } from 'fastify';
import {
  quarantinePageSchema as pageBody,
  quarantineReleasedSchema as releasedBody,
  type QuarantineReleased,
} from '@shared/admin-quarantine';
import { describedError, idParams } from '../../platform/http/api-schemas';
import type { LeadDesk } from '../../leads';

const NOT_FOUND = 'This submission is no longer in quarantine';

const gone = describedError('No such submission in quarantine (released or deleted)');

/** The quarantine (decision 095), audited with id and reasons only, never what was submitted. */
export const quarantineRoutes: FastifyPluginAsync<{ desk: LeadDesk }> = async (app, { desk }) => {
  const { quarantine } = desk;

  app.get<{ Querystring: { limit: number; offset: number } }>(
    '/api/admin/quarantine',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: {
            limit: { type: 'integer', minimum: 1, maximum: 200, default: 50 },
            offset: { type: 'integer', minimum: 0, default: 0 },
          },
        },
        response: { 200: pageBody },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return quarantine.page(request.query.limit, request.query.offset);
    },
  );

  app.post<{ Params: { id: number } }>(
    '/api/admin/quarantine/:id/release',
    { schema: { params: idParams, response: { 200: releasedBody, 404: gone } } },
    async (request, reply) => {
      const { id } = request.params;
      const released = await quarantine.release(id, (trx, { leadType, leadId, reasons }) => {
        const detail = `quarantine #${id} (${reasons})`;
        const entry = { action: 'quarantine_released', leadType, leadId, detail } as const;
        return app.audit.record(entry, request, trx);
      });
      if (!released) return reply.code(404).send({ error: NOT_FOUND });
      return { leadType: released.leadType, leadId: released.leadId } satisfies QuarantineReleased;
    },
  );

  app.delete<{ Params: { id: number } }>(
    '/api/admin/quarantine/:id',
    {
      schema: {
        params: idParams,
        response: { 204: { type: 'null', description: 'Deleted for good' }, 404: gone },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const deleted = await quarantine.delete(id, (trx, reasons) => {
        const detail = `quarantine #${id} (${reasons})`;
        return app.audit.record({ action: 'quarantine_deleted', detail }, request, trx);
      });
      if (deleted === undefined) return reply.code(404).send({ error: NOT_FOUND });
      return reply.code(204).send();
    },
  );
};
