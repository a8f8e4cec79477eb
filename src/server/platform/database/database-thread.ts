import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

/*
 * A long synchronous SQLite job (the backup's copy, the export's read) on a worker thread of its
 * own, so that it never stops the event loop. The thread is the module that serves the
 * operations (serveThread) started again: the server bundle in production, the source through
 * tsx in development and tests. Its role in workerData tells which serveThread call answers.
 */

/** Named operations, each taking one structured-cloneable argument. */
export type ThreadOperations = Record<string, (argument: never) => Promise<unknown>>;

type Request = { id: number; op: string; argument?: unknown };

interface SerializedError {
  name: string;
  message: string;
  code?: string;
}
type Answer = { id: number; result: unknown } | { id: number; error: SerializedError };

interface Pending {
  resolve(result: unknown): void;
  reject(error: Error): void;
}

const CLOSE = '__close';

export interface DatabaseThreadOptions {
  /** Names this thread; the serving module's serveThread is called with the same. */
  role: string;
  /** `import.meta.url` of the module that calls serveThread(role, ...). */
  entry: string;
  dataDir: string;
  /** What the thread is called in its errors. */
  name: string;
  /** Told when the thread dies unexpectedly; the next call starts a new one. */
  onUnexpectedExit?: (error: Error) => void;
}

/** The main thread's side: posts each call to the thread and resolves with its answer. */
export class DatabaseThread<Operations extends ThreadOperations> {
  private worker: Worker | undefined;
  private starting: Promise<Worker> | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private closed = false;

  constructor(private readonly options: DatabaseThreadOptions) {}

  /** Starts the thread and resolves once it is ready (failures surface at boot). */
  async start(): Promise<void> {
    await this.ensureWorker();
  }

  /** Runs operation `op` on the thread; resolves with its result. */
  async call<Op extends keyof Operations & string>(
    op: Op,
    argument: Parameters<Operations[Op]>[0],
  ): Promise<Awaited<ReturnType<Operations[Op]>>> {
    if (this.closed) throw new Error(`the ${this.options.name} thread is closed`);
    const worker = await this.ensureWorker();
    return (await this.send(worker, { op, argument })) as Awaited<ReturnType<Operations[Op]>>;
  }

  /** Ends what the thread serves and the thread itself. */
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
      worker.postMessage({ ...request, id });
    });
  }

  private ensureWorker(): Promise<Worker> {
    if (this.worker) return Promise.resolve(this.worker);
    this.starting ??= this.spawn().finally(() => (this.starting = undefined));
    return this.starting;
  }

  private spawn(): Promise<Worker> {
    const { role, dataDir, entry } = this.options;
    const worker = startWorker(entry, { role, dataDir });
    return new Promise((resolve, reject) => {
      worker.on('message', (message: Answer | { ready: true }) => {
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
        const error = new Error(`the ${this.options.name} thread exited (code ${code})`);
        reject(error);
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
function startWorker(entry: string, data: { role: string; dataDir: string }): Worker {
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
 * When this thread was started for `role`, sets up `serve` on the data directory and answers
 * each request with its operation's result, or with the error's name, message and code only
 * (never a stack: it may reach a log or, through a careless handler, a client). Anywhere else
 * it does nothing.
 */
export function serveThread(role: string, serve: (dataDir: string) => ThreadService): void {
  if (isMainThread || !parentPort || (workerData as { role?: string })?.role !== role) return;
  const port = parentPort;
  const service = serve((workerData as { dataDir: string }).dataDir);
  const handlers = service.operations as Record<string, (argument: unknown) => unknown>;
  port.on('message', (request: Request) => {
    if (request.op === CLOSE) {
      void Promise.resolve(service.close()).then(() => {
        port.postMessage({ id: request.id, result: null } satisfies Answer);
        port.close();
      });
      return;
    }
    const result = new Promise((resolve) => {
      const handler = handlers[request.op];
      if (!handler) throw new Error(`unknown operation ${request.op}`);
      resolve(handler(request.argument));
    });
    result.then(
      (value) => port.postMessage({ id: request.id, result: value } satisfies Answer),
      (error: unknown) => {
        const { name = 'Error', message = String(error), code } = (error ?? {}) as SerializedError;
        const answer: Answer = {
          id: request.id,
          error: { name, message, ...(code ? { code } : {}) },
        };
        port.postMessage(answer);
      },
    );
  });
  port.postMessage({ ready: true });
}
