/*
 * Can a lead be written right now? GET /api/health asks this (operations/health-routes.ts).
 * The answer comes from a real write (health-probe.ts) through the lead write path, which the
 * capability that owns that path registers (leads/leads-plugin.ts), plus a read on the main
 * connection. One check runs at a time and its answer is reused for `cacheMs`, so a health
 * endpoint polled thousands of times a second costs about one write a second
 * (docs/decisions/105).
 */

export type CheckState = 'ok' | 'failed';

export interface WriteHealthReport {
  ok: boolean;
  /** A trivial read on the main connection. */
  database: CheckState;
  /** The probe write through the lead write path ('ok' when no path is registered yet). */
  writes: CheckState;
  /** What failed, as an error code only (SQLITE_READONLY, ECONNREFUSED, PROBE_TIMEOUT...). */
  problem?: string;
  /** When this answer was measured (ISO 8601). */
  checkedAt: string;
}

/** The lead write path as the health check sees it (the leads' WriteQueue). */
export interface WritePath {
  /** A real write through the path; rejects when it cannot be made. */
  probe(): Promise<void>;
}

export interface WriteHealthOptions {
  /** The read (DatabaseConnection.ping). */
  ping(): Promise<void>;
  /** How long an answer is reused. */
  cacheMs?: number;
  /** A probe slower than this counts as failed (a stuck disk, an unreachable server). */
  timeoutMs?: number;
  /** Told each failed check's error (the log; at most once per `cacheMs`). */
  onFailure?: (error: unknown) => void;
}

class ProbeTimeout extends Error {
  readonly code = 'PROBE_TIMEOUT';
}

/** Only an error's code (or its name) leaves the server: messages may name paths or hosts. */
function problemOf(error: unknown): string {
  const { code, name } = (error ?? {}) as { code?: unknown; name?: unknown };
  if (typeof code === 'string' && /^[\w.-]{1,40}$/.test(code)) return code;
  return typeof name === 'string' && name !== 'Error' ? name : 'WRITE_FAILED';
}

async function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ProbeTimeout(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export class WriteHealth {
  /** The registered lead write path. */
  writePath: WritePath | undefined;
  private last: { at: number; report: WriteHealthReport } | undefined;
  private running: Promise<WriteHealthReport> | undefined;
  private readonly cacheMs: number;
  private readonly timeoutMs: number;

  constructor(private readonly options: WriteHealthOptions) {
    this.cacheMs = options.cacheMs ?? 1000;
    this.timeoutMs = options.timeoutMs ?? 3000;
  }

  /** Registers the lead write path (one per server). */
  watchWrites(path: WritePath): void {
    this.writePath = path;
  }

  /** The last answer if it is fresh, else a new check (shared by concurrent callers). */
  check(): WriteHealthReport | Promise<WriteHealthReport> {
    if (this.last && Date.now() - this.last.at < this.cacheMs) return this.last.report;
    this.running ??= this.measure().finally(() => (this.running = undefined));
    return this.running;
  }

  private async measure(): Promise<WriteHealthReport> {
    const [read, write] = await Promise.allSettled([
      within(this.options.ping(), this.timeoutMs),
      this.writePath ? within(this.writePath.probe(), this.timeoutMs) : Promise.resolve(),
    ]);
    const failure = [read, write].find((result) => result.status === 'rejected');
    if (failure) this.options.onFailure?.(failure.reason);
    const report: WriteHealthReport = {
      ok: !failure,
      database: read.status === 'fulfilled' ? 'ok' : 'failed',
      writes: write.status === 'fulfilled' ? 'ok' : 'failed',
      ...(failure ? { problem: problemOf(failure.reason) } : {}),
      checkedAt: new Date().toISOString(),
    };
    this.last = { at: Date.now(), report };
    return report;
  }
}
