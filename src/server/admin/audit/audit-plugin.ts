import { Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { ChangeRecorder } from '../../bookings';
import { adminApi, type LeadDesk } from '../../leads';
import { tablesOf, type SharedTransaction } from '../../platform/database/connection';
import { rowId } from '../../platform/http/api-schemas';
import { auditActions, auditEntrySchema, type AuditAction } from '@shared/admin-audit';
import { statusLabel } from '@shared/lead-status';
import {
  addEntry,
  entryView,
  namedLeadIds,
  personKey,
  personToken,
  type AuditActor,
  type AuditEntryInput,
  type AuditEntryView,
} from './audit-log';
import { auditedOutcomes } from './audit-outcomes';
import { routeKey } from '../auth/route-permission';
import type { LiveSession } from '../auth/sessions';
import type { AuditTables } from './audit-tables';

export type AdminAudit = ReturnType<typeof adminAudit>;

declare module 'fastify' {
  interface FastifyInstance {
    audit: AdminAudit;
  }
}

/** How the log names a signed-in account: "Name (account N, session S)". */
const sessionActor = ({ account, id }: LiveSession) => ({
  name: `${account.name} (account ${account.id}, session ${id})`,
  accountId: account.id,
});

/** Who acted; a sign-in's route sets the new session, so its entry names the account signed in. */
const actorOf = ({ adminSession }: FastifyRequest): AuditActor =>
  adminSession ? sessionActor(adminSession) : { name: 'anonymous', accountId: null };

function adminAudit(db: Kysely<AuditTables>) {
  let key: Promise<Buffer> | undefined;
  /** The entry of a change, in the change's transaction: both commit, or neither (decision 064). */
  const record = (entry: AuditEntryInput, request: FastifyRequest, trx: SharedTransaction) =>
    addEntry(tablesOf<AuditTables>(trx), entry, actorOf(request));
  return {
    record,
    /** `record` of `entry` as a change's `also`: written in the change's transaction. */
    recorder: (entry: AuditEntryInput, request: FastifyRequest) => (trx: SharedTransaction) =>
      record(entry, request, trx),
    /** A guarded route's account as its entries name it, for those another capability writes. */
    actor: (request: FastifyRequest) => sessionActor(request.adminSession!),
    /** What the server did by itself (the retention). */
    recordSystem: (entry: AuditEntryInput, actor: string, trx: SharedTransaction) =>
      addEntry(tablesOf<AuditTables>(trx), entry, { name: actor, accountId: null }),
    /** The keyed hash that names a person in the log without their address. */
    async personToken(normalizedEmail: string) {
      key ??= personKey(db);
      key.catch(() => (key = undefined));
      return personToken(await key, normalizedEmail);
    },
  };
}

/** A person's booking, move or cancel, in its transaction; a status change's cancel, as that change's. */
export const recordCallChange: ChangeRecorder = (change, booking, trx, cause) =>
  addEntry(
    tablesOf<AuditTables>(trx),
    {
      action: `call_${change}`,
      leadType: 'candidate',
      leadId: Number(booking.lead_id),
      detail: `call ${booking.id}${cause ? `: on the move to ${statusLabel(cause.status)}` : ''}`,
    },
    cause?.by ?? { name: 'the person (booking page)', accountId: null },
  );

/** The audit log (decision 064); registered before the admin's routes, so it sees them all. */
export const auditPlugin = fp(async (app) => {
  const db = tablesOf<AuditTables>(app.database.db);
  const audit = adminAudit(db);
  app.decorate('audit', audit);

  app.addHook('onSend', async (request, reply, payload) => {
    const outcome = auditedOutcomes[routeKey(request.method, request.routeOptions.url)];
    const entry = outcome?.(request, reply, payload);
    try {
      // Reads and sign-ins only: a change's entry commits with it (record).
      if (entry) await addEntry(db, entry, actorOf(request));
    } catch (error) {
      // No success without its entry: the answer becomes a 500, with no new session or file.
      reply.removeHeader('set-cookie').removeHeader('content-disposition');
      if (payload instanceof Readable) payload.destroy();
      throw new Error(`audit entry ${entry!.action} failed`, { cause: error });
    }
    return payload;
  });
});

/** The leads an entry names: its own, or a bulk change's by id in its detail. */
const leadIdsOf = (entry: AuditEntryView) =>
  entry.leadId === null ? namedLeadIds(entry.detail) : [entry.leadId];

/** Which of the entries' leads are still there: a deleted or erased one has nothing to open. */
async function leadsThere(desk: LeadDesk, entries: readonly AuditEntryView[]) {
  const there = new Set<string>();
  for (const { table, leadType } of adminApi.leadKinds) {
    const ids = entries.filter((entry) => entry.leadType === leadType).flatMap(leadIdsOf);
    if (ids.length === 0) continue;
    const found = await desk.listing.matching(table, { ids }).select('id').execute();
    for (const { id } of found) there.add(`${leadType} ${Number(id)}`);
  }
  return there;
}

export const auditRoutes: FastifyPluginAsync<{ desk: LeadDesk }> = async (app, { desk }) => {
  const db = tablesOf<AuditTables>(app.database.db);
  app.get<{
    Querystring: { limit: number; offset: number; account?: number; action?: AuditAction };
  }>(
    '/api/admin/audit',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: {
            limit: { type: 'integer', minimum: 1, maximum: 500, default: 50 },
            offset: { type: 'integer', minimum: 0, maximum: 10_000_000, default: 0 },
            account: { ...rowId, description: 'Only what this account did' },
            action: { type: 'string', enum: auditActions, description: 'Only this action' },
          },
        },
        response: { 200: { type: 'array', items: auditEntrySchema } },
      },
    },
    async (request, reply) => {
      const { limit, offset, account, action } = request.query;
      const matching = db
        .selectFrom('admin_audit_entries')
        .$if(account !== undefined, (query) => query.where('account_id', '=', account!))
        .$if(action !== undefined, (query) => query.where('action', '=', action!));
      const [rows, count] = await Promise.all([
        matching.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute(),
        matching
          .select((eb) => eb.fn.countAll<number | string>().as('total'))
          .executeTakeFirstOrThrow(),
      ]);
      const entries = rows.map(entryView);
      const there = await leadsThere(desk, entries);
      const gone = ({ leadType }: AuditEntryView, id: number | null) =>
        !there.has(`${leadType} ${id}`);
      const named = (entry: AuditEntryView) =>
        entry.leadId === null ? leadIdsOf(entry).map((id) => ({ id, gone: gone(entry, id) })) : [];
      return reply.header('X-Total-Count', String(count.total)).send(
        entries.map((entry) => ({
          ...entry,
          leadGone: gone(entry, entry.leadId),
          namedLeads: named(entry),
        })),
      );
    },
  );
};
