import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import type { CandidateStep } from './candidates';
import type { CompanyStep } from './companies';
import { openSqlite } from './connection';
import { createLeadStore, type LeadStore } from './lead-store';
import type { SaveResult } from './lead-writes';
import type { Database } from './schema';
import { WriteQueue } from './write-queue';

/*
 * SQLite lead writes run on a worker thread of their own (docs/decisions/011-group-commit-and-sqlite-writer-thread.md).
 * better-sqlite3 is synchronous: on the main thread every commit's fsync (synchronous=FULL,
 * several milliseconds) would freeze all HTTP traffic, pages and health checks included. The
 * worker runs the very same lead code (Kysely queries, group commit) on its own connection;
 * the main thread only posts each write and awaits the answer, which arrives after the commit.
 *
 * The worker is this same module started again (the server bundle in production, the source
 * through tsx in development and tests), recognised by WORKER_ROLE in its workerData.
 */

const WORKER_ROLE = 'talent-bridge-sqlite-writer';

type Operation =
  { op: 'candidate'; step: CandidateStep } | { op: 'company'; step: CompanyStep } | { op: 'close' };
type Request = Operation & { id: number };

interface SerializedError {
  name: string;
  message: string;
  code?: string;
}
type Response =
  | { id: number; result: SaveResult | null }
  | { id: number; error: SerializedError }
  | { ready: true };

interface Pending {
  resolve(result: SaveResult | null): void;
  reject(error: Error): void;
}

/** The main thread's side: a LeadStore whose writes happen on the writer thread. */
export class SqliteWriterThread implements LeadStore {
  private worker: Worker | undefined;
  private starting: Promise<Worker> | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private closed = false;

  constructor(
    private readonly dataDir: string,
    private readonly onUnexpectedExit: (error: Error) => void = () => undefined,
  ) {}

  /** Starts the thread and resolves once its connection is open (failures surface at boot). */
  async start(): Promise<void> {
    await this.ensureWorker();
  }

  saveCandidate(step: CandidateStep): Promise<SaveResult> {
    return this.call({ op: 'candidate', step }) as Promise<SaveResult>;
  }

  saveCompany(step: CompanyStep): Promise<SaveResult> {
    return this.call({ op: 'company', step }) as Promise<SaveResult>;
  }

  /** Commits what is queued, closes the writer connection and ends the thread. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const worker = this.worker;
    if (!worker) return;
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    await this.send(worker, { op: 'close' });
    await exited;
  }

  private async call(operation: Operation): Promise<SaveResult | null> {
    if (this.closed) throw new Error('the SQLite writer is closed');
    return this.send(await this.ensureWorker(), operation);
  }

  private send(worker: Worker, operation: Operation): Promise<SaveResult | null> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ ...operation, id } satisfies Request);
    });
  }

  private ensureWorker(): Promise<Worker> {
    if (this.worker) return Promise.resolve(this.worker);
    this.starting ??= this.spawn().finally(() => (this.starting = undefined));
    return this.starting;
  }

  private spawn(): Promise<Worker> {
    const worker = startWorkerThread({ role: WORKER_ROLE, dataDir: this.dataDir });
    return new Promise((resolve, reject) => {
      worker.on('message', (message: Response) => {
        if ('ready' in message) {
          this.worker = worker;
          resolve(worker);
          return;
        }
        const pending = this.pending.get(message.id);
        this.pending.delete(message.id);
        if ('error' in message) pending?.reject(Object.assign(new Error(), message.error));
        else pending?.resolve(message.result);
      });
      worker.on('error', (error) => reject(error));
      worker.on('exit', (code) => {
        this.worker = undefined;
        const error = new Error(`the SQLite writer thread exited (code ${code})`);
        reject(error);
        // Writes in flight are not known to be committed: their requests fail (500), and
        // the next write starts a new thread.
        for (const pending of this.pending.values()) pending.reject(error);
        this.pending.clear();
        if (!this.closed) this.onUnexpectedExit(error);
      });
    });
  }
}

/**
 * Starts this module on a worker thread. From the bundle it is plain JavaScript; from source
 * (development, tests) the thread first registers tsx, the TypeScript loader, itself.
 */
function startWorkerThread(data: { role: string; dataDir: string }): Worker {
  const entry = new URL(import.meta.url);
  if (!entry.pathname.endsWith('.ts')) return new Worker(entry, { workerData: data });
  // The ESM build of tsx's API (require.resolve would pick its CommonJS build).
  const tsxPackage = createRequire(entry).resolve('tsx/package.json');
  const tsxApi = pathToFileURL(path.join(path.dirname(tsxPackage), 'dist/esm/api/index.mjs')).href;
  const bootstrap = `import(${JSON.stringify(tsxApi)}).then(({ register }) => {
    register();
    return import(${JSON.stringify(entry.href)});
  })`;
  return new Worker(bootstrap, { eval: true, workerData: data });
}

/** The writer thread: answers each request once its transaction has committed. */
function runWriter(port: NonNullable<typeof parentPort>, dataDir: string): void {
  const db = openSqlite(dataDir);
  const queue = new WriteQueue<Database>(db);
  const store = createLeadStore(queue);
  const answer = (response: Response) => port.postMessage(response);
  port.on('message', (request: Request) => {
    if (request.op === 'close') {
      void queue
        .drain()
        .then(() => db.destroy())
        .then(() => {
          answer({ id: request.id, result: null });
          port.close();
        });
      return;
    }
    const write =
      request.op === 'candidate'
        ? store.saveCandidate(request.step)
        : store.saveCompany(request.step);
    write.then(
      (result) => answer({ id: request.id, result }),
      (error: unknown) => {
        const { name = 'Error', message = String(error), code } = (error ?? {}) as SerializedError;
        answer({ id: request.id, error: { name, message, ...(code ? { code } : {}) } });
      },
    );
  });
  answer({ ready: true });
}

if (!isMainThread && parentPort && workerData?.role === WORKER_ROLE) {
  runWriter(parentPort, (workerData as { dataDir: string }).dataDir);
}
