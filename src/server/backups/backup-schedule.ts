import { RepeatingTask } from '../platform/schedule/repeating-task';

/** setTimeout's longest delay (about 24.8 days); BACKUP_INTERVAL_HOURS may be a year. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Runs `run` at `firstAt`, then every `intervalMs`, never two at once; an overrun skips slots. */
export function every(
  intervalMs: number,
  run: () => Promise<void>,
  firstAt = Date.now() + intervalMs,
): { stop(): Promise<void> } {
  let due = firstAt;
  const untilDue = () => Math.min(MAX_TIMER_MS, Math.max(0, due - Date.now()));
  const task = new RepeatingTask(async () => {
    if (Date.now() < due) return;
    try {
      await run();
    } finally {
      while (due <= Date.now()) due += intervalMs;
    }
  }, untilDue);
  task.start(untilDue());
  return task;
}
