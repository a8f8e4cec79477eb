/* Can a lead be written now? (decision 105): a real write and a read, reused for CACHE_MS. */

type CheckState = 'ok' | 'failed';

interface WriteHealthReport {
  ok: boolean;
  /** A trivial read on the main connection. */
  database: CheckState;
  /** The probe write through the write queue. */
  writes: CheckState;
  /** What failed, as an error code only (SQLITE_READONLY, ECONNREFUSED, PROBE_TIMEOUT...). */
  problem?: string;
  checkedAt: string;
}

const CACHE_MS = 1000;
/** A check slower than this counts as failed (a stuck disk, an unreachable server). */
const TIMEOUT_MS = 3000;

/** Only an error's code (or its name) leaves the server: messages may name paths or hosts. */
function problemOf(error: unknown): string {
  const { code, name } = (error ?? {}) as { code?: unknown; name?: unknown };
  if (typeof code === 'string' && /^[\w.-]{1,40}$/.test(code)) return code;
  return typeof name === 'string' && name !== 'Error' ? name : 'WRITE_FAILED';
}

async function within<T>(promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    const error = Object.assign(new Error(`no answer within ${TIMEOUT_MS} ms`), {
      code: 'PROBE_TIMEOUT',
    });
    timer = setTimeout(() => reject(error), TIMEOUT_MS);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export class WriteHealth {
  private last: { at: number; report: WriteHealthReport } | undefined;
  private running: Promise<WriteHealthReport> | undefined;

  constructor(
    private readonly ping: () => Promise<void>,
    /** The write path (the WriteQueue), whose `probe` writes through it. */
    private readonly writes: { probe(): Promise<void> },
    /** Told each failed check's error (at most once per CACHE_MS). */
    private readonly onFailure: (error: unknown) => void,
  ) {}

  /** The last answer if it is fresh, else a new check (shared by concurrent callers). */
  check(): WriteHealthReport | Promise<WriteHealthReport> {
    if (this.last && Date.now() - this.last.at < CACHE_MS) return this.last.report;
    this.running ??= this.measure().finally(() => (this.running = undefined));
    return this.running;
  }

  private async measure(): Promise<WriteHealthReport> {
    const [read, write] = await Promise.allSettled([
      within(this.ping()),
      within(this.writes.probe()),
    ]);
    const failure = [read, write].find((result) => result.status === 'rejected');
    if (failure) this.onFailure(failure.reason);
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
