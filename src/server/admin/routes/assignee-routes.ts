import type { FastifyPluginAsync } from 'fastify';
import { arrayOfObjects } from '../../platform/http/api-schemas';
import { adminApi } from '../../leads';

const { listAssignees } = adminApi;

/**
 * GET /api/admin/assignees: the accounts a lead may be assigned to (enabled owners and
 * recruiters), for the dashboard's assignee control (decision 162). Guarded scope.
 */
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
