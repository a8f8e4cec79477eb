/**
 * Polls `find` every 25 ms until it gives a value (a delivery arrived, a row changed), or
 * fails after `ms`: for what a background worker does at its own pace.
 */
export async function eventually<T>(
  find: () => T | undefined | Promise<T | undefined>,
  ms = 10_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = await find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error('not delivered in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
