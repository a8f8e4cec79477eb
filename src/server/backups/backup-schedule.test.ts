import { afterEach, expect, it, vi } from 'vitest';
import { every } from './backup-schedule';

afterEach(() => {
  vi.useRealTimers();
});

it('runs one interval after start, then every interval, skipping slots an overrun missed', async () => {
  vi.useFakeTimers({ now: 0 });
  const starts: number[] = [];
  let runMs = 0;
  const schedule = every(1000, async () => {
    starts.push(Date.now());
    if (runMs > 0) await new Promise((resolve) => setTimeout(resolve, runMs));
  });
  await vi.advanceTimersByTimeAsync(999);
  expect(starts).toEqual([]);
  await vi.advanceTimersByTimeAsync(2001);
  expect(starts).toEqual([1000, 2000, 3000]);
  // A run of 2.5 s from 4000: the slots at 5000 and 6000 pass during it; the next is at 7000.
  runMs = 2500;
  await vi.advanceTimersByTimeAsync(1000);
  runMs = 0;
  await vi.advanceTimersByTimeAsync(3500);
  expect(starts).toEqual([1000, 2000, 3000, 4000, 7000]);
  await schedule.stop();
  await vi.advanceTimersByTimeAsync(5000);
  expect(starts).toHaveLength(5);
});

it('waits past the longest timer setTimeout allows (BACKUP_INTERVAL_HOURS of a year)', async () => {
  vi.useFakeTimers({ now: 0 });
  const year = 366 * 24 * 3_600_000;
  const run = vi.fn(async () => undefined);
  const schedule = every(year, run);
  await vi.advanceTimersByTimeAsync(2 ** 31);
  expect(run).not.toHaveBeenCalled();
  await vi.advanceTimersByTimeAsync(year - 2 ** 31);
  expect(run).toHaveBeenCalledTimes(1);
  await schedule.stop();
});

it('stop() waits for the run in progress', async () => {
  vi.useFakeTimers({ now: 0 });
  let finished = false;
  const schedule = every(10, async () => {
    await new Promise((resolve) => setTimeout(resolve, 100));
    finished = true;
  });
  await vi.advanceTimersByTimeAsync(20);
  const stopped = schedule.stop();
  await vi.advanceTimersByTimeAsync(100);
  await stopped;
  expect(finished).toBe(true);
});
