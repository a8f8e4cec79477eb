import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { can } from '@shared/admin-accounts';
import { redactSecrets } from '../../platform/http/redact-secrets';
import { tablesOf } from '../../platform/database/connection';
import type { OutboxTables } from '../../platform/outbox/outbox-tables';
import type { Kysely } from 'kysely';
import {
  deliveriesSchema,
  failingDestinations,
  type Deliveries,
  type FailedDelivery,
} from '@shared/admin-deliveries';
import { spendPullProblem, type SpendTables } from '../../spend';

type Destination = FailedDelivery['destination'];

/** A delivery's error for an owner, secrets cut out; none for another role (decision 110). */
export function deliveryError(request: FastifyRequest, error: string | null): string | null {
  const role = request.adminSession?.account.role;
  return error !== null && role !== undefined && can(role, 'manage') ? redactSecrets(error) : null;
}

/** Messages given up, or waiting for a retry after a failure; the newest 50. */
function failedDeliveries(db: Kysely<OutboxTables>, request: FastifyRequest) {
  // One snapshot, so the counts and the list agree (a delivery fails or goes between two reads).
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute((trx) => failedIn(trx, request));
}

async function failedIn(db: Kysely<OutboxTables>, request: FastifyRequest): Promise<Deliveries> {
  const failing = db
    .selectFrom('outbox_messages')
    // An invitation's e-mail is no lead's: the owner sees it pending in the accounts' list.
    .where('destination', '!=', 'admin')
    .where((eb) =>
      eb.or([
        eb('state', '=', 'failed'),
        eb.and([eb('state', '=', 'pending'), eb('last_error', 'is not', null)]),
      ]),
    );
  const [counts, rows] = await Promise.all([
    failing
      .select((eb) => ['destination', eb.fn.countAll<string | number>().as('n')])
      .groupBy('destination')
      .execute(),
    failing.selectAll().orderBy('id', 'desc').limit(50).execute(),
  ]);
  const failedByDestination = Object.fromEntries(
    failingDestinations.map((destination) => [destination, 0]),
  ) as Deliveries['failedByDestination'];
  for (const { destination, n } of counts)
    failedByDestination[destination as Destination] = Number(n);
  return {
    failedCount: counts.reduce((sum, count) => sum + Number(count.n), 0),
    failedByDestination,
    failed: rows.map((row) => ({
      id: row.id,
      destination: row.destination as Destination,
      topic: row.topic,
      // The outbox's subjects are leads: their kind and id, as the spec names them.
      leadType: row.subject_type as 'candidate' | 'company' | null,
      leadId: row.subject_id,
      attempts: row.attempts,
      lastError: deliveryError(request, row.last_error),
      createdAt: row.created_at,
      lastAttemptAt: row.last_attempt_at,
    })),
  };
}

/** The failed deliveries and a failing ad spend pull, so the dashboard can say so. */
export const deliveriesRoutes: FastifyPluginAsync = async (app) => {
  const db = tablesOf<OutboxTables>(app.database.db);
  app.get(
    '/api/admin/deliveries',
    { schema: { response: { 200: deliveriesSchema } } },
    async (request) => {
      const [deliveries, spendPull] = await Promise.all([
        failedDeliveries(db, request),
        spendPullProblem(tablesOf<SpendTables>(app.database.db)),
      ]);
      return {
        ...deliveries,
        spendPull: spendPull && { ...spendPull, error: deliveryError(request, spendPull.error) },
      };
    },
  );
};
