/**
 * Polls `find` every 25 ms until it gives a value (a delivery arrived, a row changed), or
 * fails after `ms`: for what a background worker does at its own pace. `explain`: what the
 * failure reports of the state that kept it waiting (an outbox row's attempts and error).
 */
export async function eventually<T>(
  find: () => T | undefined | Promise<T | undefined>,
  ms = 10_000,
  explain?: () => Promise<unknown>,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = await find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) {
      const state = explain ? `: ${JSON.stringify(await explain())}` : '';
      throw new Error(`not delivered in time${state}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
