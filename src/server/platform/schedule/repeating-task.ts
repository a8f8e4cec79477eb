/** Runs a task `nextDelayMs(result)` after the last run; `stop()` waits for one in flight. */
export class RepeatingTask<T> {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private stopped = true;

  constructor(
    private readonly run: () => Promise<T>,
    private readonly nextDelayMs: (result: T | undefined) => number,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {}

  start(firstDelayMs = 0): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(firstDelayMs);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.run()
        .catch((error: unknown) => {
          this.onError(error);
          return undefined;
        })
        .then((result) => this.schedule(this.nextDelayMs(result)));
    }, delay);
    // A background task never keeps the process alive on its own.
    this.timer.unref();
  }
}
