/*
 * Code split from the first load (a page, the head, the toasts) that fails to arrive, because a
 * deploy replaced the build it belongs to or the network dropped it, is fetched by loading the
 * address afresh: the server answers with its current build. Once an address: failing there
 * again, the error stands instead of a reload loop.
 */

const RELOADED_FOR_CODE = 'tbReloadedForCode';

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
    if (!storage || storage.getItem(RELOADED_FOR_CODE) === window.location.href) throw error;
    storage.setItem(RELOADED_FOR_CODE, window.location.href);
    window.location.reload();
    return new Promise<T>(() => {}); // this document is going
  }
}
