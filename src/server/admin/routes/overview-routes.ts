import type { FastifyPluginAsync } from 'fastify';
import { overviewSchema } from '@shared/admin-overview';
import { type LeadDesk } from '../../leads';

/** GET /api/admin/overview: the figures of the Overview tab. */
export const overviewRoutes: FastifyPluginAsync<{ overview: LeadDesk['overview'] }> = async (
  app,
  { overview },
) => {
  app.get('/api/admin/overview', { schema: { response: { 200: overviewSchema } } }, () =>
    overview.figures(),
  );
};
