import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Transaction } from 'kysely';
import { tablesOf } from '../../platform/database/connection';
import { AuditLog, subjectKey, subjectToken, type AuditEntryInput } from './audit-log';
import { auditedOutcomes } from './audit-outcomes';
import type { AuditTables } from './audit-tables';

export interface AdminAudit {
  /**
   * Records an admin action; the actor and the time are filled in here. With `trx`, the
   * entry is written in that transaction (it commits with what it records).
   */
  record(entry: AuditEntryInput, request: FastifyRequest, trx?: Transaction<object>): Promise<void>;
  /** Records what the server did by itself (the retention), in `trx` when given. */
  recordSystem(entry: AuditEntryInput, actor: string, trx?: Transaction<object>): Promise<void>;
  /** The keyed hash that names a data subject in the log without their address. */
  subjectToken(normalizedEmail: string): Promise<string>;
}

declare module 'fastify' {
  interface FastifyInstance {
    audit: AdminAudit;
  }
}

const entryView = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    at: { type: 'string' },
    action: { type: 'string' },
    actor: { type: 'string' },
    leadType: { type: ['string', 'null'] },
    leadId: { type: ['integer', 'null'] },
    detail: { type: ['string', 'null'] },
  },
  required: ['id', 'at', 'action', 'actor', 'leadType', 'leadId', 'detail'],
} as const;

/**
 * The admin audit log (docs/decisions/064): app.audit.record(), route outcomes, and GET
 * /api/admin/audit. Registered before the admin's routes, so its hook sees them all.
 */
export const auditPlugin = fp(async (app) => {
  const log = new AuditLog(tablesOf<AuditTables>(app.database.db));
  const actorOf = (entry: AuditEntryInput, request: FastifyRequest): string => {
    const session = request.adminSession;
    if (session)
      return `${session.account.name} (account ${session.account.id}, session ${session.id})`;
    return entry.action === 'sign_in' ? 'admin' : 'anonymous';
  };
  const logIn = (trx: Transaction<object> | undefined) =>
    trx ? log.within(tablesOf<AuditTables>(trx)) : log;
  let key: Promise<Buffer> | undefined;
  const audit: AdminAudit = {
    record: (entry, request, trx) => logIn(trx).add(entry, actorOf(entry, request)),
    recordSystem: (entry, actor, trx) => logIn(trx).add(entry, actor),
    async subjectToken(normalizedEmail) {
      key ??= subjectKey(tablesOf<AuditTables>(app.database.db));
      key.catch(() => (key = undefined));
      return subjectToken(await key, normalizedEmail);
    },
  };
  app.decorate('audit', audit);

  app.addHook('onSend', async (request, reply, payload) => {
    const outcome = auditedOutcomes[`${request.method} ${request.routeOptions.url ?? ''}`];
    const entry = outcome?.(request, reply, payload);
    if (!entry) return payload;
    try {
      await audit.record(entry, request);
    } catch (error) {
      request.log.error({ err: error, action: entry.action }, 'audit entry failed');
    }
    return payload;
  });

  app.get<{ Querystring: { limit: number; offset: number } }>(
    '/api/admin/audit',
    {
      onRequest: app.adminAuth.guard,
      schema: {
        querystring: {
          type: 'object',
          properties: {
            limit: { type: 'integer', minimum: 1, maximum: 500, default: 50 },
            offset: { type: 'integer', minimum: 0, maximum: 10_000_000, default: 0 },
          },
        },
        response: { 200: { type: 'array', items: entryView } },
      },
    },
    async (request, reply) => {
      const { rows, total } = await log.page(request.query.limit, request.query.offset);
      return reply.header('X-Total-Count', String(total)).send(rows);
    },
  );
});
