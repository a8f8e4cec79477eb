/* Can a lead be written now? (decision 105): a real write and a read, reused for CACHE_MS. */

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

/** Whether a write succeeds now: a fresh last answer, else one check shared by its callers. */
export function writeHealthCheck(
  ping: () => Promise<void>,
  /** The write path (the WriteQueue), whose `probe` writes through it. */
  writes: { probe(): Promise<void> },
  onFailure: (error: unknown) => void,
) {
  type Report = Awaited<ReturnType<typeof measure>>;
  let last: { at: number; report: Report } | undefined;
  let running: Promise<Report> | undefined;
  // `database`: a read on the main connection; `writes`: the probe through the write queue.
  const measure = async () => {
    const [read, write] = await Promise.allSettled([within(ping()), within(writes.probe())]);
    const failure = [read, write].find((result) => result.status === 'rejected');
    if (failure) onFailure(failure.reason);
    const report = {
      ok: !failure,
      database: read.status === 'fulfilled' ? 'ok' : 'failed',
      writes: write.status === 'fulfilled' ? 'ok' : 'failed',
      ...(failure ? { problem: problemOf(failure.reason) } : {}),
      checkedAt: new Date().toISOString(),
    };
    last = { at: Date.now(), report };
    return report;
  };
  return () => {
    if (last && Date.now() - last.at < CACHE_MS) return last.report;
    running ??= measure().finally(() => (running = undefined));
    return running;
  };
}
