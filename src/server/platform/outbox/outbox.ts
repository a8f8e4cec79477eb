import type { Kysely, Transaction } from 'kysely';
import type { DialectName } from '../database/migration-runner';
import type {
  OutboxDestination,
  OutboxMessagesTable,
  OutboxState,
  OutboxTables,
} from './outbox-tables';

/* The outbox (decision 075): a message commits with what it tells; claims skip locked rows. */

/** An e-mail address in an error (a mail server's refusal quotes it): not kept in `last_error`. */
const ADDRESS = /[^\s<>"'(),;:@[\]]+@[^\s<>"'(),;:@[\]]+/g;

export type OutboxMessage = Omit<OutboxMessagesTable, 'id'> & { id: number };

export interface NewOutboxMessage {
  destination: OutboxDestination;
  topic: string;
  payload: unknown;
  /** What the message is about (see OutboxMessagesTable.subject_type). */
  subjectType: string | null;
  subjectId: number | null;
  /** Not sent before then (ISO time); default: at once. */
  dueAt?: string;
}

/** Writes messages inside the caller's transaction. */
export async function enqueueMessages(
  trx: Kysely<OutboxTables> | Transaction<OutboxTables>,
  messages: readonly NewOutboxMessage[],
  now: string,
): Promise<void> {
  if (messages.length === 0) return;
  await trx
    .insertInto('outbox_messages')
    .values(
      messages.map((message) => ({
        destination: message.destination,
        topic: message.topic,
        payload: JSON.stringify(message.payload),
        subject_type: message.subjectType,
        subject_id: message.subjectId,
        state: 'pending' as const,
        attempts: 0,
        next_attempt_at: message.dueAt ?? now,
        created_at: now,
      })),
    )
    .execute();
}

interface ClaimOptions {
  destinations: readonly OutboxDestination[];
  now: Date;
  /** How long the claim holds: longer than a send can take. */
  lockMs: number;
  limit: number;
}

/** Takes up to `limit` due messages for this worker, oldest first. */
export async function claimDueMessages(
  db: Kysely<OutboxTables>,
  dialect: DialectName,
  { destinations, now, lockMs, limit }: ClaimOptions,
): Promise<OutboxMessage[]> {
  if (destinations.length === 0) return [];
  const at = now.toISOString();
  const due = db
    .selectFrom('outbox_messages')
    .select('id')
    .where('state', '=', 'pending')
    .where('destination', 'in', destinations)
    .where('next_attempt_at', '<=', at)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', at)]))
    .orderBy('id')
    .limit(limit)
    .$if(dialect === 'postgres', (query) => query.forUpdate().skipLocked());
  const rows = await db
    .updateTable('outbox_messages')
    .set({ locked_until: new Date(now.getTime() + lockMs).toISOString() })
    .where('id', 'in', due)
    .returningAll()
    .execute();
  return rows.sort((a, b) => a.id - b.id);
}

/** Thrown inside the digest's transaction to give its window back (nothing was due). */
class NothingDue extends Error {}

/** A digest's due messages, once per `windowMs` site-wide: the window is taken in the claim. */
export async function claimDigest(
  db: Kysely<OutboxTables>,
  dialect: DialectName,
  destination: OutboxDestination,
  { windowMs, ...claim }: Omit<ClaimOptions, 'destinations'> & { windowMs: number },
): Promise<OutboxMessage[]> {
  const at = claim.now.getTime();
  try {
    return await db.transaction().execute(async (trx) => {
      const window = await trx
        .insertInto('outbox_digest_windows')
        .values({ destination, sent_at: at })
        .onConflict((conflict) =>
          conflict
            .column('destination')
            .doUpdateSet({ sent_at: at })
            .where('outbox_digest_windows.sent_at', '<=', at - windowMs),
        )
        .returning('destination')
        .executeTakeFirst();
      if (!window) return [];
      const due = { ...claim, destinations: [destination] };
      const messages = await claimDueMessages(trx, dialect, due);
      if (messages.length === 0) throw new NothingDue();
      return messages;
    });
  } catch (error) {
    if (error instanceof NothingDue) return [];
    throw error;
  }
}

/** How many messages for `destination` were written since `since` (sent or not). */
export async function countWrittenSince(
  db: Kysely<OutboxTables>,
  destination: OutboxDestination,
  since: Date,
): Promise<number> {
  const row = await db
    .selectFrom('outbox_messages')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('destination', '=', destination)
    .where('created_at', '>=', since.toISOString())
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** An attempt's outcome: sent, or failed and tried again at `retryAt` (undefined: given up). */
export async function markAttempted(
  db: Kysely<OutboxTables>,
  messages: readonly Pick<OutboxMessage, 'id' | 'subject_type'>[],
  now: Date,
  failure?: { retryAt: Date | undefined; error: string },
) {
  if (messages.length === 0) return;
  const ids = messages.map(({ id }) => id);
  const at = now.toISOString();
  const outcome = failure
    ? {
        state: failure.retryAt ? ('pending' as const) : ('failed' as const),
        last_error: failure.error.replace(ADDRESS, '[address]').slice(0, 500),
        ...(failure.retryAt ? { next_attempt_at: failure.retryAt.toISOString() } : {}),
      }
    : // Delivered: the copy of the lead's personal data is no longer needed.
      { state: 'sent' as const, payload: '{}', sent_at: at };
  // A message naming no subject is nobody's to list or erase: sent or given up, it goes (its
  // payload holds an address). Only a batch holding one pays for the DELETE.
  const unowned = messages.filter((message) => message.subject_type === null).map(({ id }) => id);
  if (!failure?.retryAt && unowned.length > 0) {
    await db.deleteFrom('outbox_messages').where('id', 'in', unowned).execute();
  }
  await db
    .updateTable('outbox_messages')
    .set((eb) => ({
      ...outcome,
      attempts: eb('attempts', '+', 1),
      last_attempt_at: at,
      locked_until: null,
    }))
    .where('id', 'in', ids)
    .execute();
}

/** A deleted subject's messages go with it, in its transaction: none is sent later. How many. */
export async function forgetSubjectMessages(
  trx: Kysely<OutboxTables>,
  subjectType: string,
  ids: readonly number[],
): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await trx
    .deleteFrom('outbox_messages')
    .where('subject_type', '=', subjectType)
    .where('subject_id', 'in', ids)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Every message about the subjects `subjectIds`, oldest first (to show or erase their data). */
export async function findSubjectMessages(
  db: Kysely<OutboxTables>,
  subjectType: string,
  subjectIds: readonly number[],
): Promise<OutboxMessage[]> {
  if (subjectIds.length === 0) return [];
  return db
    .selectFrom('outbox_messages')
    .selectAll()
    .where('subject_type', '=', subjectType)
    .where('subject_id', 'in', subjectIds)
    .orderBy('id')
    .execute();
}

/** The states an operator watches: the backlog and what was given up (decision 141). */
export const COUNTED_OUTBOX_STATES = ['pending', 'failed'] as const;

/** Pending and failed messages by destination (GET /metrics): the state index's rows only. */
export async function countOutboxMessages(
  db: Kysely<OutboxTables>,
): Promise<{ destination: OutboxDestination; state: OutboxState; count: number }[]> {
  const rows = await db
    .selectFrom('outbox_messages')
    .select((eb) => ['destination', 'state', eb.fn.countAll<string | number>().as('n')])
    .where('state', 'in', COUNTED_OUTBOX_STATES)
    .groupBy(['destination', 'state'])
    .execute();
  return rows.map(({ n, ...row }) => ({ ...row, count: Number(n) }));
}
