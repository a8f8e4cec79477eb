import type { FastifyInstance } from 'fastify';
import { tablesOf } from '../database/connection';
import { messageOf } from '../http/redact-secrets';
import {
  claimDigest,
  claimDueMessages,
  countWrittenSince,
  markAttempted,
  type OutboxMessage,
} from './outbox';
import type { OutboxDestination, OutboxTables } from './outbox-tables';
import { RepeatingTask } from '../schedule/repeating-task';

/** Sends one message; a rejection is a failed attempt. */
export type Sender = (message: OutboxMessage) => Promise<void>;

/** A failure no retry can mend (an event too old for its receiver): the message is given up. */
export class PermanentFailure extends Error {}

/** Past `threshold` messages in a window, the destination's go out as one digest per window. */
export interface DigestOptions {
  destination: OutboxDestination;
  threshold: number;
  windowMs: number;
  send(messages: OutboxMessage[]): Promise<void>;
}

/** Test and tuning knobs of a worker (production uses the defaults). */
export interface WorkerSettings {
  /** false: messages are written but not sent by this instance. */
  enabled?: boolean;
  /** How often the outbox is polled (default 1 s). */
  pollMs?: number | undefined;
  /** First retry delay, doubled on each failure up to an hour (default 30 s). */
  retryBaseMs?: number | undefined;
}

interface OutboxWorkerOptions extends Omit<WorkerSettings, 'enabled'> {
  /** One sender per configured destination; other destinations' messages stay untouched. */
  senders: Partial<Record<OutboxDestination, Sender>>;
  /** A message still failing this long after it was written is given up (default 24 h). */
  giveUpMs?: number;
  digest?: DigestOptions | undefined;
}

const MINUTE = 60_000;
const BATCH = 20;
/** After a full batch, this wait while clients wait on writes: a burst of forms goes first. */
const YIELD_TO_CLIENTS_MS = 100;

/** Sends due messages (decision 075) from ready to close; a dead worker's claims expire. */
export function startOutboxWorker(
  app: FastifyInstance,
  what: string,
  { senders, digest, ...options }: OutboxWorkerOptions,
): void {
  const db = tablesOf<OutboxTables>(app.database.db);
  const { dialect } = app.database;
  // Claims and outcomes share the other writes' commits (SQLite's fsync).
  const writes = app.writeQueue.forTables<OutboxTables>();
  /** When this worker last sent a digest: until a window later it need not ask the database. */
  let lastDigestAt = -Infinity;

  /** Exponential backoff; undefined once the next try would fall past the give-up time. */
  const retryAt = (message: OutboxMessage, now: Date): Date | undefined => {
    const delay = Math.min((options.retryBaseMs ?? 30_000) * 2 ** message.attempts, 60 * MINUTE);
    const at = new Date(now.getTime() + delay);
    const giveUpAt = Date.parse(message.created_at) + (options.giveUpMs ?? 24 * 60 * MINUTE);
    return at.getTime() > giveUpAt ? undefined : at;
  };

  const recordFailure = (message: OutboxMessage, error: unknown): Promise<void> => {
    app.metrics.outboxSendFailed(message.destination);
    // One clock reading: the retry is exactly its backoff after the attempt it follows.
    const now = new Date();
    return writes.runInBackground((trx) =>
      markAttempted(trx, [message], now, {
        retryAt: error instanceof PermanentFailure ? undefined : retryAt(message, now),
        error: messageOf(error),
      }),
    );
  };

  /** Sends one message; true when it went out (failures are recorded here). */
  const deliver = async (message: OutboxMessage): Promise<boolean> => {
    const send = senders[message.destination];
    if (!send) return false;
    try {
      await send(message);
      return true;
    } catch (error) {
      await recordFailure(message, error);
      return false;
    }
  };

  /** One digest per window for the whole site: the instances compete for it (claimDigest). */
  const sendDigest = async ({ destination, windowMs, send }: DigestOptions): Promise<void> => {
    if (Date.now() - lastDigestAt < windowMs) return;
    const messages = await claimDigest(db, dialect, destination, {
      now: new Date(),
      lockMs: 5 * MINUTE,
      limit: 1000,
      windowMs,
    });
    if (messages.length === 0) return;
    lastDigestAt = Date.now();
    try {
      await send(messages);
    } catch (error) {
      for (const message of messages) await recordFailure(message, error);
      return;
    }
    await writes.runInBackground((trx) => markAttempted(trx, messages, new Date()));
  };

  /** One poll: claims, sends and records due messages; resolves with how many were claimed. */
  const runOnce = async (): Promise<number> => {
    const all = Object.keys(senders) as OutboxDestination[];
    // The count and the claim in one write: they see the same messages.
    const { digestDue, messages } = await writes.runInBackground(async (trx) => {
      const since = new Date(Date.now() - (digest?.windowMs ?? 0));
      const digestDue =
        digest !== undefined &&
        (await countWrittenSince(trx, digest.destination, since)) > digest.threshold;
      const destinations = digestDue ? all.filter((d) => d !== digest.destination) : all;
      const claimed = await claimDueMessages(trx, dialect, {
        destinations,
        now: new Date(),
        lockMs: 5 * MINUTE,
        limit: BATCH,
      });
      return { digestDue, messages: claimed };
    });
    if (digestDue && digest) await sendDigest(digest);
    const delivered = await Promise.all(messages.map(deliver));
    const sent = messages.filter((_, i) => delivered[i]);
    if (sent.length > 0)
      await writes.runInBackground((trx) => markAttempted(trx, sent, new Date()));
    return messages.length;
  };

  const polling = new RepeatingTask(
    runOnce,
    // A full batch: more are probably due, poll again at once (or once clients were served).
    (claimed = 0) =>
      claimed < BATCH ? (options.pollMs ?? 1000) : writes.depth ? YIELD_TO_CLIENTS_MS : 0,
    (error) => app.log.warn({ err: error }, `${what} outbox poll failed`),
  );
  app.addHook('onReady', async () => polling.start());
  app.addHook('onClose', () => polling.stop());
}
