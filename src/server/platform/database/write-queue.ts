import type { Kysely, Transaction } from 'kysely';

export type WriteJob<DB, T> = (trx: Transaction<DB>) => Promise<T>;

interface Pending<DB> {
  job: WriteJob<DB, unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

export interface WriteQueueOptions {
  /** Most jobs committed together; bounds how long one commit keeps the others waiting. */
  maxBatch?: number;
}

/**
 * Group commit: writes that arrive while the database is busy are run together in ONE
 * transaction, and each caller's promise settles only after that transaction committed.
 * With synchronous=FULL every commit costs an fsync, so one fsync per batch instead of one
 * per lead is what lets the lead endpoint keep up (docs/decisions/011-group-commit-and-sqlite-writer-thread.md).
 *
 * Jobs must be safe to run twice: if a batch fails, it is rolled back and every job is
 * retried in a transaction of its own, so one bad job fails alone.
 */
export class WriteQueue<DB> {
  private pending: Pending<DB>[] = [];
  private running: Promise<void> | undefined;
  private readonly maxBatch: number;

  constructor(
    private readonly db: Kysely<DB>,
    options: WriteQueueOptions = {},
  ) {
    this.maxBatch = options.maxBatch ?? 200;
  }

  /** Runs `job` inside a transaction; resolves with its result once committed. */
  run<T>(job: WriteJob<DB, T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.pending.push({ job, resolve: resolve as (value: unknown) => void, reject });
      // setImmediate lets every request already read from the sockets join this batch.
      this.running ??= new Promise<void>((done) => setImmediate(done)).then(() => this.flush());
    });
  }

  /** Settles once every job queued so far has been committed (or failed). */
  async drain(): Promise<void> {
    while (this.running) await this.running;
  }

  private async flush(): Promise<void> {
    try {
      while (this.pending.length > 0) {
        const batch = this.pending.splice(0, this.maxBatch);
        await this.commit(batch);
      }
    } finally {
      this.running = undefined;
    }
  }

  private async commit(batch: Pending<DB>[]): Promise<void> {
    let results: unknown[];
    try {
      results = await this.db.transaction().execute(async (trx) => {
        const out: unknown[] = [];
        for (const { job } of batch) out.push(await job(trx));
        return out;
      });
    } catch (error) {
      if (batch.length === 1) batch[0]?.reject(error);
      else for (const one of batch) await this.commit([one]);
      return;
    }
    batch.forEach((pending, index) => pending.resolve(results[index]));
  }
}
