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

export interface OutboxWorkerOptions {
  db: Kysely<OutboxTables>;
  /** The group commit: claims and outcomes share other writes' commit (SQLite's fsync). */
  writes?: WriteQueue<object>;
  dialect: DialectName;
  /** One sender per configured destination; other destinations' messages stay untouched. */
  senders: Partial<Record<OutboxDestination, Sender>>;
  /** How often the outbox is polled (default 1 s). */
  pollMs?: number;
  /** First retry delay, doubled on each failure up to `retryCapMs` (default 30 s, 1 h). */
  retryBaseMs?: number;
  retryCapMs?: number;
  /** A message still failing this long after it was written is given up (default 24 h). */
  giveUpMs?: number;
  /** Messages claimed per poll (default 20). */
  batch?: number;
  now?: () => Date;
  digest?: DigestOptions;
  /** Told of a poll that failed (the database was unreachable...); the next poll retries. */
  onError?: (error: unknown) => void;
  /** Told of each failed delivery attempt (the metrics count them by destination). */
  onSendFailure?: (destination: OutboxDestination) => void;
}

/** Test and tuning knobs of a worker (production uses the defaults). */
export interface WorkerSettings {
  /** false: messages are written but not sent by this instance. */
  enabled?: boolean;
  pollMs?: number;
  retryBaseMs?: number;
}

/** A worker on the app's database, started once the app is ready and stopped as it closes. */
export function startOutboxWorker(
  app: FastifyInstance,
  what: string,
  options: Omit<OutboxWorkerOptions, 'db' | 'writes' | 'dialect' | 'onError' | 'onSendFailure'>,
): void {
  const { database } = app;
  const worker = new OutboxWorker({
    db: tablesOf<OutboxTables>(database.db),
    writes: app.writeQueue,
    dialect: database.dialect,
    onError: (error) => app.log.warn({ err: error }, `${what} outbox poll failed`),
    onSendFailure: (destination) => app.metrics.outboxSendFailed(destination),
    ...options,
  });
  app.addHook('onReady', async () => worker.start());
  app.addHook('onClose', async () => worker.stop());
}

const MINUTE = 60_000;
/** After a full batch, this wait while clients wait on writes: a burst of forms goes first. */
const YIELD_TO_CLIENTS_MS = 100;

/** Sends due messages (decision 075); a claim outlives any send, so a dead worker's is retried. */
export class OutboxWorker {
  private readonly polling: RepeatingTask<number>;
  private readonly now: () => Date;
  private readonly write: <T>(job: (db: Kysely<OutboxTables>) => Promise<T>) => Promise<T>;
  /** When this worker last sent a digest: until a window later it need not ask the database. */
  private lastDigestAt = -Infinity;

  constructor(private readonly options: OutboxWorkerOptions) {
    this.now = options.now ?? (() => new Date());
    const { db } = options;
    const writes = options.writes?.forTables<OutboxTables>();
    this.write = writes ? (job) => writes.runInBackground(job) : (job) => job(db);
    const batch = options.batch ?? 20;
    this.polling = new RepeatingTask(
      () => this.runOnce(),
      // A full batch: more are probably due, poll again at once (or once clients were served).
      (claimed = 0) =>
        claimed < batch ? (options.pollMs ?? 1000) : writes?.depth ? YIELD_TO_CLIENTS_MS : 0,
      options.onError,
    );
  }

  start(): void {
    this.polling.start();
  }

  /** Stops polling and waits for the sends in flight to be recorded. */
  stop(): Promise<void> {
    return this.polling.stop();
  }

  /** One poll: claims, sends and records due messages; resolves with how many were claimed. */
  async runOnce(): Promise<number> {
    const { dialect, senders, digest } = this.options;
    const all = Object.keys(senders) as OutboxDestination[];
    // The count and the claim in one write: they see the same messages.
    const { digestDue, messages } = await this.write(async (trx) => {
      const digestDue = digest !== undefined && (await this.inDigestMode(trx, digest));
      const destinations = digestDue ? all.filter((d) => d !== digest.destination) : all;
      const claimed = await claimDueMessages(trx, dialect, {
        destinations,
        now: this.now(),
        lockMs: 5 * MINUTE,
        limit: this.options.batch ?? 20,
      });
      return { digestDue, messages: claimed };
    });
    if (digestDue && digest) await this.sendDigest(digest);
    const delivered = await Promise.all(messages.map((message) => this.deliver(message)));
    // One write for the whole batch.
    const sent = messages.filter((_, i) => delivered[i]).map((message) => message.id);
    if (sent.length > 0) await this.write((trx) => markSent(trx, sent, this.now()));
    return messages.length;
  }

  private async inDigestMode(db: Kysely<OutboxTables>, digest: DigestOptions): Promise<boolean> {
    const since = new Date(this.now().getTime() - digest.windowMs);
    const written = await countWrittenSince(db, digest.destination, since);
    return written > digest.threshold;
  }

  /** One digest per window for the whole site: the instances compete for it (claimDigest). */
  private async sendDigest(digest: DigestOptions): Promise<void> {
    const { db, dialect } = this.options;
    if (this.now().getTime() - this.lastDigestAt < digest.windowMs) return;
    const messages = await claimDigest(db, dialect, digest.destination, {
      now: this.now(),
      lockMs: 5 * MINUTE,
      limit: 1000,
      windowMs: digest.windowMs,
    });
    if (messages.length === 0) return;
    this.lastDigestAt = this.now().getTime();
    try {
      await digest.send(messages);
    } catch (error) {
      for (const message of messages) await this.recordFailure(message, error);
      return;
    }
    const sent = messages.map((message) => message.id);
    await this.write((trx) => markSent(trx, sent, this.now()));
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
    this.options.onSendFailure?.(message.destination);
    // One clock reading: the retry is exactly its backoff after the attempt it follows.
    const now = this.now();
    return this.write((trx) =>
      markFailed(trx, message.id, now, {
        retryAt: error instanceof PermanentFailure ? undefined : this.retryAt(message, now),
        error: error instanceof Error ? error.message : String(error),
      }),
    );
  }

  /** Exponential backoff; undefined once the next try would fall past the give-up time. */
  private retryAt(message: OutboxMessage, now: Date): Date | undefined {
    const base = this.options.retryBaseMs ?? 30_000;
    const cap = this.options.retryCapMs ?? 60 * MINUTE;
    const delay = Math.min(base * 2 ** message.attempts, cap);
    const retryAt = new Date(now.getTime() + delay);
    const giveUpAt = Date.parse(message.created_at) + (this.options.giveUpMs ?? 24 * 60 * MINUTE);
    return retryAt.getTime() > giveUpAt ? undefined : retryAt;
  }
}
