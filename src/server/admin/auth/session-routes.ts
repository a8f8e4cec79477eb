import type { FastifyPluginAsync } from 'fastify';

/**
 * POST /api/admin/sign-out-everywhere (guarded): ends every other session of the admin, say
 * on a lost laptop, and keeps the caller's, answering {"ended": n}.
 */
export const adminSessionRoutes: FastifyPluginAsync = async (app) => {
  const { adminAuth } = app;
  app.post(
    '/api/admin/sign-out-everywhere',
    {
      onRequest: adminAuth.guard,
      schema: {
        response: {
          200: {
            type: 'object',
            properties: { ended: { type: 'integer' } },
            required: ['ended'],
          },
        },
      },
    },
    async (request) => {
      const ended = await adminAuth.sessions.revokeOthers(request.adminSession!);
      request.log.info({ ended }, 'admin signed out everywhere else');
      return { ended };
    },
  );
};
