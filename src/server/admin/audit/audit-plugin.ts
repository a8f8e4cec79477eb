import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Transaction } from 'kysely';
import { tablesOf } from '../../platform/database/connection';
import { nullable, objectOf } from '../../platform/http/api-schemas';
import {
  auditActions,
  AuditLog,
  personKey,
  personToken,
  type AuditActor,
  type AuditEntryInput,
  type AuditFilter,
} from './audit-log';
import { auditedOutcomes } from './audit-outcomes';
import type { AuditTables } from './audit-tables';

export interface AdminAudit {
  /** Records an admin action, in `trx` when given (it commits with what it records). */
  record(entry: AuditEntryInput, request: FastifyRequest, trx?: Transaction<object>): Promise<void>;
  /** Records what the server did by itself (the retention), in `trx` when given. */
  recordSystem(entry: AuditEntryInput, actor: string, trx?: Transaction<object>): Promise<void>;
  /** The keyed hash that names a person in the log without their address. */
  personToken(normalizedEmail: string): Promise<string>;
}

declare module 'fastify' {
  interface FastifyInstance {
    audit: AdminAudit;
  }
}

const entryView = objectOf({
  id: { type: 'integer' },
  at: { type: 'string' },
  action: { type: 'string' },
  actor: { type: 'string' },
  accountId: nullable('integer'),
  leadType: nullable('string'),
  leadId: nullable('integer'),
  detail: nullable('string'),
});

/** The audit log (decision 064); registered before the admin's routes, so it sees them all. */
export const auditPlugin = fp(async (app) => {
  const log = new AuditLog(tablesOf<AuditTables>(app.database.db));
  // A sign-in's route sets the new session, so its entry names the account signed in.
  const actorOf = (request: FastifyRequest): AuditActor => {
    const session = request.adminSession;
    if (!session) return { name: 'anonymous', accountId: null };
    const { account } = session;
    return {
      name: `${account.name} (account ${account.id}, session ${session.id})`,
      accountId: account.id,
    };
  };
  const logIn = (trx: Transaction<object> | undefined) =>
    trx ? log.within(tablesOf<AuditTables>(trx)) : log;
  let key: Promise<Buffer> | undefined;
  const audit: AdminAudit = {
    record: (entry, request, trx) => logIn(trx).add(entry, actorOf(request)),
    recordSystem: (entry, actor, trx) => logIn(trx).add(entry, { name: actor, accountId: null }),
    async personToken(normalizedEmail) {
      key ??= personKey(tablesOf<AuditTables>(app.database.db));
      key.catch(() => (key = undefined));
      return personToken(await key, normalizedEmail);
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

  app.get<{ Querystring: { limit: number; offset: number } & AuditFilter }>(
    '/api/admin/audit',
    {
      onRequest: app.adminAuth.guard,
      schema: {
        querystring: {
          type: 'object',
          properties: {
            limit: { type: 'integer', minimum: 1, maximum: 500, default: 50 },
            offset: { type: 'integer', minimum: 0, maximum: 10_000_000, default: 0 },
            account: { type: 'integer', minimum: 1, description: 'Only what this account did' },
            action: { type: 'string', enum: auditActions, description: 'Only this action' },
          },
        },
        response: { 200: { type: 'array', items: entryView } },
      },
    },
    async (request, reply) => {
      const { limit, offset, account, action } = request.query;
      const { rows, total } = await log.page(limit, offset, { account, action });
      return reply.header('X-Total-Count', String(total)).send(rows);
    },
  );
});
