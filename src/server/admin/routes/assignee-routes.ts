import type { FastifyPluginAsync } from 'fastify';
import { arrayOfObjects } from '../../platform/http/api-schemas';
import { adminApi } from '../../leads';

const { listAssignees } = adminApi;

/** The accounts a lead may be assigned to: enabled owners and recruiters (decision 162). */
export const assigneeRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/api/admin/assignees',
    {
      schema: {
        response: {
          200: arrayOfObjects({ id: { type: 'integer' }, name: { type: 'string' } }),
        },
      },
    },
    () => listAssignees(app.database.db),
  );
};
