/** setTimeout's longest delay (about 24.8 days); BACKUP_INTERVAL_HOURS may be a year. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Runs `run` every `intervalMs`, never two at once; an overrun skips the missed slots. */
export function every(intervalMs: number, run: () => Promise<void>) {
  let due = Date.now() + intervalMs;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  const arm = () => {
    if (stopped) return;
    timer = setTimeout(tick, Math.min(MAX_TIMER_MS, Math.max(0, due - Date.now())));
    timer.unref();
  };
  const tick = () => {
    if (Date.now() < due) return arm();
    running = run().finally(() => {
      running = undefined;
      while (due <= Date.now()) due += intervalMs;
      arm();
    });
  };
  arm();
  return {
    /** No further runs; resolves once a run in progress has finished. */
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
