import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { tablesOf } from '../database/connection';
import type { DialectName } from '../database/migration-runner';
import {
  claimDigest,
  claimDueMessages,
  countWrittenSince,
  markFailed,
  markSent,
  type OutboxMessage,
} from './outbox';
import type { OutboxDestination, OutboxTables } from './outbox-tables';
import { RepeatingTask } from '../schedule/repeating-task';
import type { WriteQueue } from '../database/write-queue';

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

/** A worker on the app's database, started once the app is ready and stopped as it closes. */
export function startOutboxWorker(
  app: FastifyInstance,
  what: string,
  options: OutboxWorkerOptions,
): void {
  const { polling } = new OutboxWorker(app, what, options);
  app.addHook('onReady', async () => polling.start());
  app.addHook('onClose', () => polling.stop());
}

const MINUTE = 60_000;
const BATCH = 20;
/** After a full batch, this wait while clients wait on writes: a burst of forms goes first. */
const YIELD_TO_CLIENTS_MS = 100;

/** Sends due messages (decision 075); a claim outlives any send, so a dead worker's is retried. */
class OutboxWorker {
  readonly polling: RepeatingTask<number>;
  private readonly db: Kysely<OutboxTables>;
  private readonly dialect: DialectName;
  /** Claims and outcomes share the other writes' commits (SQLite's fsync). */
  private readonly writes: WriteQueue<OutboxTables>;
  /** When this worker last sent a digest: until a window later it need not ask the database. */
  private lastDigestAt = -Infinity;

  constructor(
    private readonly app: FastifyInstance,
    what: string,
    private readonly options: OutboxWorkerOptions,
  ) {
    this.db = tablesOf<OutboxTables>(app.database.db);
    this.dialect = app.database.dialect;
    const writes = (this.writes = app.writeQueue.forTables<OutboxTables>());
    this.polling = new RepeatingTask(
      () => this.runOnce(),
      // A full batch: more are probably due, poll again at once (or once clients were served).
      (claimed = 0) =>
        claimed < BATCH ? (options.pollMs ?? 1000) : writes.depth ? YIELD_TO_CLIENTS_MS : 0,
      (error) => app.log.warn({ err: error }, `${what} outbox poll failed`),
    );
  }

  /** One poll: claims, sends and records due messages; resolves with how many were claimed. */
  private async runOnce(): Promise<number> {
    const { senders, digest } = this.options;
    const all = Object.keys(senders) as OutboxDestination[];
    // The count and the claim in one write: they see the same messages.
    const { digestDue, messages } = await this.writes.runInBackground(async (trx) => {
      const since = new Date(Date.now() - (digest?.windowMs ?? 0));
      const digestDue =
        digest !== undefined &&
        (await countWrittenSince(trx, digest.destination, since)) > digest.threshold;
      const destinations = digestDue ? all.filter((d) => d !== digest.destination) : all;
      const claimed = await claimDueMessages(trx, this.dialect, {
        destinations,
        now: new Date(),
        lockMs: 5 * MINUTE,
        limit: BATCH,
      });
      return { digestDue, messages: claimed };
    });
    if (digestDue && digest) await this.sendDigest(digest);
    const delivered = await Promise.all(messages.map((message) => this.deliver(message)));
    const sent = messages.filter((_, i) => delivered[i]).map((message) => message.id);
    if (sent.length > 0)
      await this.writes.runInBackground((trx) => markSent(trx, sent, new Date()));
    return messages.length;
  }

  /** One digest per window for the whole site: the instances compete for it (claimDigest). */
  private async sendDigest(digest: DigestOptions): Promise<void> {
    if (Date.now() - this.lastDigestAt < digest.windowMs) return;
    const messages = await claimDigest(this.db, this.dialect, digest.destination, {
      now: new Date(),
      lockMs: 5 * MINUTE,
      limit: 1000,
      windowMs: digest.windowMs,
    });
    if (messages.length === 0) return;
    this.lastDigestAt = Date.now();
    try {
      await digest.send(messages);
    } catch (error) {
      for (const message of messages) await this.recordFailure(message, error);
      return;
    }
    const sent = messages.map((message) => message.id);
    await this.writes.runInBackground((trx) => markSent(trx, sent, new Date()));
  }

  /** Sends one message; true when it went out (failures are recorded here). */
  private async deliver(message: OutboxMessage): Promise<boolean> {
    const send = this.options.senders[message.destination];
    if (!send) return false;
    try {
      await send(message);
      return true;
    } catch (error) {
      await this.recordFailure(message, error);
      return false;
    }
  }

  private recordFailure(message: OutboxMessage, error: unknown): Promise<void> {
    this.app.metrics.outboxSendFailed(message.destination);
    // One clock reading: the retry is exactly its backoff after the attempt it follows.
    const now = new Date();
    return this.writes.runInBackground((trx) =>
      markFailed(trx, message.id, now, {
        retryAt: error instanceof PermanentFailure ? undefined : this.retryAt(message, now),
        error: error instanceof Error ? error.message : String(error),
      }),
    );
  }

  /** Exponential backoff; undefined once the next try would fall past the give-up time. */
  private retryAt(message: OutboxMessage, now: Date): Date | undefined {
    const base = this.options.retryBaseMs ?? 30_000;
    const delay = Math.min(base * 2 ** message.attempts, 60 * MINUTE);
    const retryAt = new Date(now.getTime() + delay);
    const giveUpAt = Date.parse(message.created_at) + (this.options.giveUpMs ?? 24 * 60 * MINUTE);
    return retryAt.getTime() > giveUpAt ? undefined : retryAt;
  }
}
