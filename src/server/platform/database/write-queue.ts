import type { Kysely, Transaction } from 'kysely';
import { isUnavailableError } from './database-errors';
import { writeHealthProbe } from './health-probe';

export type WriteJob<DB, T> = (trx: Transaction<DB>) => Promise<T>;

interface Pending<DB> {
  job: WriteJob<DB, unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/** How long a batch waits for SQLite's write lock held by another process (a backup, a console). */
const BUSY_WAIT_MS = 5000;
const BUSY_RETRY_MS = 10;

const isBusy = (error: unknown) =>
  /^SQLITE_BUSY/.test(String((error as { code?: unknown } | null)?.code ?? ''));

/** Group commit (decision 010): one turn's writes share a transaction; a failed batch is retried
    job by job (jobs must be safe to run twice), so one bad job fails alone. */
export class WriteQueue<DB> {
  private pending: Pending<DB>[] = [];
  private running: Promise<void> | undefined;
  private outstanding = 0;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly options: {
      /** Most jobs committed together; bounds how long one commit keeps the others waiting. */
      maxBatch?: number;
      /** Most jobs queued or committing at once; past it, run() rejects (default: unbounded). */
      limit?: number;
    } = {},
  ) {}

  /** The same queue typed for a capability's own `Tables` (as tablesOf in connection.ts). */
  forTables<Tables>(): WriteQueue<Tables> {
    return this as unknown as WriteQueue<Tables>;
  }

  /** Jobs queued or committing now (GET /metrics: write_queue_depth). */
  get depth(): number {
    return this.outstanding;
  }

  /** Runs `job` in a transaction; resolves with its result once committed. */
  run<T>(job: WriteJob<DB, T>): Promise<T> {
    const { limit = Infinity } = this.options;
    if (this.outstanding >= limit) {
      const message = `the write queue is full (${limit} writes waiting)`;
      const full = { name: 'WriteQueueFullError', code: 'WRITE_QUEUE_FULL' };
      return Promise.reject(Object.assign(new Error(message), full));
    }
    return this.enqueue(job);
  }

  /** The health check's write: past the limit, so a full queue shows as slow, not refused. */
  probe(): Promise<void> {
    return this.enqueue((trx) => writeHealthProbe(trx));
  }

  /** A write no client waits on (an outbox claim): neither refused at the limit nor counted. */
  runInBackground<T>(job: WriteJob<DB, T>): Promise<T> {
    return this.enqueue(job, false);
  }

  private enqueue<T>(job: WriteJob<DB, T>, counted = true): Promise<T> {
    if (counted) this.outstanding++;
    return new Promise<T>((resolve, reject) => {
      const settle =
        <V>(then: (value: V) => void) =>
        (value: V) => {
          if (counted) this.outstanding--;
          then(value);
        };
      this.pending.push({
        job,
        resolve: settle(resolve as (value: unknown) => void),
        reject: settle(reject),
      });
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
        const batch = this.pending.splice(0, this.options.maxBatch ?? 200);
        await this.commit(batch);
      }
    } finally {
      this.running = undefined;
    }
  }

  private async commit(batch: Pending<DB>[], busySince = Date.now()): Promise<void> {
    let results: unknown[];
    try {
      results = await this.transaction(async (trx) => {
        const out: unknown[] = [];
        for (const { job } of batch) out.push(await job(trx));
        return out;
      });
    } catch (error) {
      if (isBusy(error) && Date.now() - busySince < BUSY_WAIT_MS) {
        await new Promise((resolve) => setTimeout(resolve, BUSY_RETRY_MS));
        return this.commit(batch, busySince);
      }
      // The database refuses every write now (timeout, disk full, unreachable): retrying
      // each job alone would only repeat the wait once per job.
      if (batch.length === 1 || isUnavailableError(error)) {
        for (const one of batch) one.reject(error);
        return;
      }
      for (const one of batch) await this.commit([one]);
      return;
    }
    batch.forEach((pending, index) => pending.resolve(results[index]));
  }

  /** A failing rollback ("no transaction is active") must not hide SQLITE_FULL and its 503. */
  private async transaction<T>(work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
    const trx = await this.db.startTransaction().execute();
    try {
      const result = await work(trx);
      await trx.commit().execute();
      return result;
    } catch (error) {
      await trx
        .rollback()
        .execute()
        .catch(() => undefined);
      throw error;
    }
  }
}
