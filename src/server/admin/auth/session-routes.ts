import type { FastifyPluginAsync } from 'fastify';
import { can, sessionEntrySchema } from '@shared/admin-accounts';
import { tablesOf } from '../../platform/database/connection';
import { errorBody, idParams, objectOf, rowId } from '../../platform/http/api-schemas';

/** Each account's own sessions, listed and ended (an owner's: anyone's). Guarded. */
export const adminSessionRoutes: FastifyPluginAsync = async (app) => {
  const { sessions } = app.adminAuth;

  app.get<{ Querystring: { account?: number } }>(
    '/api/admin/sessions',
    {
      schema: {
        querystring: { type: 'object', properties: { account: rowId } },
        response: { 200: { type: 'array', items: sessionEntrySchema } },
      },
    },
    async (request, reply) => {
      const { id, account } = request.adminSession!;
      const of = request.query.account ?? account.id;
      if (of !== account.id && !can(account.role, 'manage')) {
        return reply.code(403).send({ error: "Only an owner sees another account's sessions" });
      }
      return sessions.list(of, id);
    },
  );

  app.delete<{ Params: { id: number } }>(
    '/api/admin/sessions/:id',
    { schema: { params: idParams, response: { 204: { type: 'null' }, 404: errorBody } } },
    async (request, reply) => {
      const { account } = request.adminSession!;
      const { id } = request.params;
      const owner = await sessions.accountOf(id);
      // Another account's session is "not found" to anyone but an owner.
      if (owner === undefined || (owner !== account.id && !can(account.role, 'manage'))) {
        return reply.code(404).send({ error: 'No such session' });
      }
      await app.writeQueue.run(async (trx) => {
        await sessions.end(id, tablesOf(trx));
        await app.audit.record({ action: 'session_ended', detail: `session ${id}` }, request, trx);
      });
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/admin/sign-out-everywhere',
    { schema: { response: { 200: objectOf({ ended: { type: 'integer' } }) } } },
    async (request) => {
      const ended = await app.writeQueue.run(async (trx) => {
        const count = await sessions.revokeOthers(request.adminSession!, tablesOf(trx));
        const detail = `ended ${count}`;
        await app.audit.record({ action: 'sign_out_everywhere', detail }, request, trx);
        return count;
      });
      request.log.info({ ended }, 'admin signed out everywhere else');
      return { ended };
    },
  );
};
