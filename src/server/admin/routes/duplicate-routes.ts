import type { FastifyPluginAsync } from 'fastify';
import { objectOf, idParams } from '../../platform/http/api-schemas';
import { possibleDuplicatesSchema as duplicatesSchema } from '@shared/admin-duplicates';
import { type LeadDesk, adminApi } from '../../leads';

const { errorBody, INVALID_FIELDS_MESSAGE } = adminApi;

const PATH = '/api/candidate-submissions/:id';

/** A candidate's possible duplicates and their merge (decision 161), audited in its transaction. */
export const duplicateRoutes: FastifyPluginAsync<{ desk: LeadDesk }> = async (app, { desk }) => {
  app.get<{ Params: { id: number } }>(
    `${PATH}/duplicates`,
    { schema: { params: idParams, response: { 200: duplicatesSchema, 404: errorBody } } },
    async (request, reply) =>
      (await desk.possibleDuplicates(request.params.id)) ??
      reply.code(404).send({ error: 'Not found' }),
  );

  app.post<{ Params: { id: number } }>(
    `${PATH}/merge`,
    {
      schema: {
        params: idParams,
        // Checked by hand, as the pipeline's bodies: ajv would coerce "12" and drop extra fields.
        documentedBody: {
          ...objectOf({
            otherId: { type: 'integer', minimum: 1, description: 'The lead merged into this one' },
          }),
          additionalProperties: false,
        },
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
      const body = request.body as Record<string, unknown> | null;
      const otherId = body?.otherId;
      const invalid = (message: string) =>
        reply.code(400).send({ error: INVALID_FIELDS_MESSAGE, fields: { otherId: message } });
      if (
        typeof body !== 'object' ||
        Array.isArray(body) ||
        Object.keys(body ?? {}).some((key) => key !== 'otherId') ||
        typeof otherId !== 'number' ||
        !Number.isSafeInteger(otherId) ||
        otherId < 1
      ) {
        return invalid('Must be the id of another candidate lead');
      }
      if (otherId === id) return invalid('A lead cannot be merged with itself');
      const merged = await desk.mergeCandidates(id, otherId, (trx) =>
        app.audit.record(
          { action: 'lead_merged', leadType: 'candidate', leadId: id, detail: `#${otherId}` },
          request,
          trx,
        ),
      );
      if (!merged) return reply.code(404).send({ error: 'Not found' });
      request.log.info({ id, otherId }, 'admin merged two leads');
      return { id, mergedId: otherId };
    },
  );
};
