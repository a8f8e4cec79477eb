import type { FastifyPluginAsync } from 'fastify';
import { tablesOf } from '../../platform/database/connection';
import type { OutboxTables } from '../../platform/outbox/outbox-tables';
import type { Kysely } from 'kysely';
import type { Deliveries } from '@shared/admin-deliveries';
import { arrayOfObjects, nullable, objectOf } from '../../platform/http/api-schemas';
import { spendPullProblem, type SpendTables } from '../../spend';

type Destination = Deliveries['failed'][number]['destination'];
const destinations: Destination[] = ['email', 'webhook', 'meta', 'person'];

/** Every field of `Deliveries` (src/shared/admin-deliveries.ts): the schema also serializes. */
const deliveriesBody = {
  type: 'object',
  properties: {
    failedCount: { type: 'integer' },
    failedByDestination: objectOf(
      Object.fromEntries(destinations.map((destination) => [destination, { type: 'integer' }])),
    ),
    failed: arrayOfObjects(
      {
        id: { type: 'integer' },
        destination: { type: 'string', enum: destinations },
        topic: { type: 'string' },
        leadType: { type: ['string', 'null'], enum: ['candidate', 'company', null] },
        leadId: nullable('integer'),
        attempts: { type: 'integer' },
        lastError: nullable('string'),
        createdAt: { type: 'string' },
        lastAttemptAt: nullable('string'),
      },
      true,
    ),
    spendPull: {
      type: ['object', 'null'],
      description: "Meta's ad spend pull failing since its last success (decision 165); null: fine",
      properties: {
        error: { type: 'string' },
        failures: { type: 'integer' },
        lastAttemptAt: { type: 'string' },
      },
    },
  },
  required: ['failedCount', 'failedByDestination', 'failed'],
} as const;

/** Messages given up, or waiting for a retry after a failure; newest first. */
export async function failedDeliveries(db: Kysely<OutboxTables>, limit = 50): Promise<Deliveries> {
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
    failing.selectAll().orderBy('id', 'desc').limit(limit).execute(),
  ]);
  const failedByDestination = { email: 0, webhook: 0, meta: 0, person: 0 };
  for (const count of counts)
    failedByDestination[count.destination as Destination] = Number(count.n);
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
      lastError: row.last_error,
      createdAt: row.created_at,
      lastAttemptAt: row.last_attempt_at,
    })),
  };
}

/** The failed deliveries and a failing ad spend pull, so the dashboard can say so. */
export const deliveriesRoutes: FastifyPluginAsync = async (app) => {
  const db = tablesOf<OutboxTables>(app.database.db);
  app.get('/api/admin/deliveries', { schema: { response: { 200: deliveriesBody } } }, async () => {
    const [deliveries, spendPull] = await Promise.all([
      failedDeliveries(db, 50),
      spendPullProblem(tablesOf<SpendTables>(app.database.db)),
    ]);
    return { ...deliveries, spendPull };
  });
};
