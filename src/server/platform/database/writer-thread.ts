import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { openSqlite } from './connection';
import { WriteQueueFullError } from './database-errors';
import { WriteQueue } from './write-queue';

/*
 * SQLite writes on a worker thread of their own (docs/decisions/011-group-commit-and-sqlite-writer-thread.md).
 * better-sqlite3 is synchronous: on the main thread every commit's fsync (synchronous=FULL,
 * several milliseconds) would freeze all HTTP traffic, pages and health checks included. The
 * worker runs the very same write code (Kysely queries, group commit) on its own connection;
 * the main thread only posts each write and awaits the answer, which arrives after the commit.
 *
 * The worker is the module that serves the operations (serveWriterThread) started again: the
 * server bundle in production, the source through tsx in development and tests. Its role in
 * workerData tells which serveWriterThread call answers.
 */

/** Named write operations, each taking one structured-cloneable argument. */
export type WriteOperations = Record<string, (argument: never) => Promise<unknown>>;

type Request = { id: number; op: string; argument?: unknown };

interface SerializedError {
  name: string;
  message: string;
  code?: string;
}
type Answer = { id: number; result: unknown } | { id: number; error: SerializedError };
/**
 * Writes are posted at the end of the event loop's turn, or as soon as this many wait (decision
 * 144): otherwise a burst of requests read in one turn reaches the thread only once the last of
 * them is parsed, and the thread commits while the main thread waits, turn after turn.
 */
const POST_EARLY_AT = 16;
/**
 * Messages go in batches both ways: what is sent in one turn of the event loop travels as one
 * message (an array), since each message costs both threads far more than copying its contents
 * (docs/decisions/117).
 */
type Response = Answer[] | { ready: true };

interface Pending {
  resolve(result: unknown): void;
  reject(error: Error): void;
}

const CLOSE = '__close';
/** The health check's write (WriteQueue.probe), served by every writer thread. */
const PROBE = '__probe';
/** Probe failures after which the writer's connection is opened anew. */
const REOPEN_AFTER = /^SQLITE_(READONLY|CANTOPEN|IOERR)/;

export interface WriterThreadOptions {
  /** Names this writer; the serving module's serveWriterThread is called with the same. */
  role: string;
  /** `import.meta.url` of the module that calls serveWriterThread(role, ...). */
  entry: string;
  dataDir: string;
  /** What the thread is called in its errors (default "SQLite writer"). */
  name?: string;
  /** Told when the thread dies unexpectedly; the next write starts a new one. */
  onUnexpectedExit?: (error: Error) => void;
  /** Structured-cloneable settings handed to the thread's serveWriterThread. */
  settings?: unknown;
  /**
   * Most writes posted and not yet answered; past it, call() rejects with WriteQueueFullError
   * before posting anything (WRITE_QUEUE_LIMIT; default unbounded).
   */
  limit?: number;
  /**
   * Messages as JSON text: for operations whose arguments and results are plain JSON data
   * (the lead writes). V8 copies one string far faster than the objects it holds, on both
   * threads (docs/decisions/117).
   */
  json?: boolean;
}

/** The main thread's side: posts each write to the thread and resolves once it committed. */
export class WriterThread<Operations extends WriteOperations> {
  private worker: Worker | undefined;
  private starting: Promise<Worker> | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private closed = false;
  /** Writes taken by call() and not yet answered (the probe is not counted). */
  private admitted = 0;
  /** Requests of this turn of the event loop, posted together at its end. */
  private outgoing: Request[] = [];

  constructor(private readonly options: WriterThreadOptions) {}

  private get name(): string {
    return this.options.name ?? 'SQLite writer';
  }

  /** Writes posted and not yet committed (GET /metrics: write_queue_depth). */
  get depth(): number {
    return this.admitted;
  }

  /** Starts the thread and resolves once its connection is open (failures surface at boot). */
  async start(): Promise<void> {
    await this.ensureWorker();
  }

  /** Runs operation `op` on the thread; resolves with its result after the commit. */
  async call<Op extends keyof Operations & string>(
    op: Op,
    argument: Parameters<Operations[Op]>[0],
  ): Promise<Awaited<ReturnType<Operations[Op]>>> {
    if (this.closed) throw new Error(`the ${this.name} is closed`);
    // Counted before the first await, so a burst arriving together is admitted up to the
    // limit exactly.
    const limit = this.options.limit ?? Number.POSITIVE_INFINITY;
    if (this.admitted >= limit) throw new WriteQueueFullError(limit);
    this.admitted++;
    try {
      // The running thread at once: awaiting a start that is already settled costs each write
      // a turn of the microtask queue.
      const worker = this.worker ?? (await this.ensureWorker());
      return (await this.send(worker, { op, argument })) as Awaited<ReturnType<Operations[Op]>>;
    } finally {
      this.admitted--;
    }
  }

  /**
   * The health check's real write through this thread's group commit (health-probe.ts). Starts
   * the thread again if it died; rejects when it cannot start or the write fails.
   */
  async probe(): Promise<void> {
    if (this.closed) throw new Error(`the ${this.name} is closed`);
    try {
      await this.send(await this.ensureWorker(), { op: PROBE });
    } catch (error) {
      // A connection opened while the file could not be written stays read-only after the
      // disk is fixed: the next write starts a thread with a new connection.
      if (REOPEN_AFTER.test((error as { code?: string }).code ?? '')) await this.terminate();
      throw error;
    }
  }

  /**
   * Stops the thread at once, as a crash would: writes in flight fail, the next one starts a
   * new thread. For fault-injection tests of the health check and the restart.
   */
  async terminate(): Promise<void> {
    await this.worker?.terminate();
  }

  /** Commits what is queued, closes the writer connection and ends the thread. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const worker = this.worker;
    if (!worker) return;
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    await this.send(worker, { op: CLOSE });
    await exited;
  }

  private send(worker: Worker, request: Omit<Request, 'id'>): Promise<unknown> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      const queued = this.outgoing.push({ ...request, id });
      if (queued >= POST_EARLY_AT) this.post(worker);
      else if (queued === 1) setImmediate(() => this.post(worker));
    });
  }

  /** Posts the requests gathered so far as one message (none: posted early already). */
  private post(worker: Worker): void {
    const batch = this.outgoing;
    if (batch.length === 0) return;
    this.outgoing = [];
    // A thread that died meanwhile already failed these requests (its exit handler).
    if (this.worker !== worker) return;
    worker.postMessage(this.options.json ? JSON.stringify(batch) : batch);
  }

  private ensureWorker(): Promise<Worker> {
    if (this.worker) return Promise.resolve(this.worker);
    this.starting ??= this.spawn().finally(() => (this.starting = undefined));
    return this.starting;
  }

  private spawn(): Promise<Worker> {
    const { role, dataDir, entry, settings, json = false } = this.options;
    const worker = startWorker(entry, { role, dataDir, settings, json });
    return new Promise((resolve, reject) => {
      worker.on('message', (data: Response | string) => {
        const message = typeof data === 'string' ? (JSON.parse(data) as Response) : data;
        if ('ready' in message) {
          this.worker = worker;
          resolve(worker);
          return;
        }
        for (const answer of message) {
          const pending = this.pending.get(answer.id);
          this.pending.delete(answer.id);
          if ('error' in answer) pending?.reject(Object.assign(new Error(), answer.error));
          else pending?.resolve(answer.result);
        }
      });
      worker.on('error', (error) => reject(error));
      worker.on('exit', (code) => {
        this.worker = undefined;
        const error = new Error(`the ${this.name} thread exited (code ${code})`);
        reject(error);
        // Writes in flight are not known to be committed: their requests fail (500), and
        // the next write starts a new thread.
        for (const pending of this.pending.values()) pending.reject(error);
        this.pending.clear();
        if (!this.closed) this.options.onUnexpectedExit?.(error);
      });
    });
  }
}

/**
 * Starts `entry` on a worker thread. From the bundle it is plain JavaScript; from source
 * (development, tests) the thread first registers tsx, the TypeScript loader, itself.
 */
function startWorker(
  entry: string,
  data: { role: string; dataDir: string; settings?: unknown; json: boolean },
): Worker {
  const url = new URL(entry);
  if (!url.pathname.endsWith('.ts')) return new Worker(url, { workerData: data });
  // The ESM build of tsx's API (require.resolve would pick its CommonJS build).
  const tsxPackage = createRequire(url).resolve('tsx/package.json');
  const tsxApi = pathToFileURL(path.join(path.dirname(tsxPackage), 'dist/esm/api/index.mjs')).href;
  const bootstrap = `import(${JSON.stringify(tsxApi)}).then(({ register }) => {
    register();
    return import(${JSON.stringify(url.href)});
  })`;
  return new Worker(bootstrap, { eval: true, workerData: data });
}

/** What a thread serves: its named operations, and how it ends (after its last answer). */
export interface ThreadService {
  operations: Record<string, (argument: never) => Promise<unknown> | unknown>;
  close(): Promise<void> | void;
}

/**
 * The thread's side, called at the top level of the module named as `entry`: when this thread
 * is the writer of `role`, it opens its own connection and answers each request once its
 * transaction has committed. Anywhere else it does nothing.
 */
export function serveWriterThread<DB>(
  role: string,
  operations: (queue: WriteQueue<DB>, settings: unknown) => WriteOperations,
): void {
  serveThread(role, (dataDir, settings) => {
    const db = openSqlite<DB>(dataDir);
    const queue = new WriteQueue<DB>(db);
    return {
      operations: { ...operations(queue, settings), [PROBE]: () => queue.probe() },
      close: () => queue.drain().then(() => db.destroy()),
    };
  });
}

/**
 * When this thread was started for `role`, sets up `serve` on the data directory and answers
 * each request with its operation's result, or with the error's name, message and code only
 * (never a stack: it may reach a log or, through a careless handler, a client).
 */
export function serveThread(
  role: string,
  serve: (dataDir: string, settings: unknown) => ThreadService,
): void {
  if (isMainThread || !parentPort || (workerData as { role?: string })?.role !== role) return;
  const port = parentPort;
  const data = workerData as { dataDir: string; settings?: unknown; json?: boolean };
  const post = (response: Response) =>
    port.postMessage(data.json ? JSON.stringify(response) : response);
  const service = serve(data.dataDir, data.settings);
  const handlers = service.operations as Record<string, (argument: unknown) => unknown>;
  // Answers settled in one turn of the event loop (a group commit's) go back as one message.
  let answers: Answer[] = [];
  const flush = () => {
    if (answers.length === 0) return;
    post(answers);
    answers = [];
  };
  const answer = (response: Answer) => {
    if (answers.push(response) === 1) setImmediate(flush);
  };
  const serveRequest = (request: Request) => {
    if (request.op === CLOSE) {
      void Promise.resolve(service.close()).then(() => {
        // Every answer before this last one, then the port closes.
        answers.push({ id: request.id, result: null });
        flush();
        port.close();
      });
      return;
    }
    const handler = handlers[request.op];
    const result = new Promise((resolve) => {
      if (!handler) throw new Error(`unknown operation ${request.op}`);
      resolve(handler(request.argument));
    });
    result.then(
      (value) => answer({ id: request.id, result: value }),
      (error: unknown) => {
        const { name = 'Error', message = String(error), code } = (error ?? {}) as SerializedError;
        answer({ id: request.id, error: { name, message, ...(code ? { code } : {}) } });
      },
    );
  };
  port.on('message', (requests: Request[] | string) =>
    (typeof requests === 'string' ? (JSON.parse(requests) as Request[]) : requests).forEach(
      serveRequest,
    ),
  );
  post({ ready: true });
}
