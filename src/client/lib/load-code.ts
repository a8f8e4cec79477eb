/*
 * Code split from the first load (a page, the head, the toasts) that fails to arrive, because a
 * deploy replaced the build it belongs to or the network dropped it, is fetched by loading the
 * address afresh: the server answers with its current build. Failing again at that address
 * within a minute of its reload, the error stands instead of a reload loop; later, it is another
 * deploy, and reloads again.
 */

const RELOADED_FOR_CODE = 'tbReloadedForCode';
const LOOP_MS = 60_000;

function tabStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined; // disabled storage: no reload, as no guard against a loop
  }
}

export async function loadCode<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    const storage = tabStorage();
    // "<time> <address>": an address has no space (location.href encodes it).
    const [at, address] = storage?.getItem(RELOADED_FOR_CODE)?.split(' ') ?? [];
    const { href } = window.location;
    if (!storage || (address === href && Date.now() - Number(at) < LOOP_MS)) throw error;
    storage.setItem(RELOADED_FOR_CODE, `${Date.now()} ${href}`);
    window.location.reload();
    return new Promise<T>(() => {}); // this document is going
  }
}
