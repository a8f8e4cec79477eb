// Split code that fails to arrive (a deploy replaced its build) reloads the address for the
// current build; failing again within a minute, the error stands rather than loop.

const RELOADED_FOR_CODE = 'tbReloadedForCode';

export async function loadCode<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    try {
      // "<time> <address>" (an address has no space: location.href encodes it).
      const [at, address] = sessionStorage.getItem(RELOADED_FOR_CODE)?.split(' ') ?? [];
      if (address === location.href && Date.now() - Number(at) < 60_000) throw error;
      sessionStorage.setItem(RELOADED_FOR_CODE, `${Date.now()} ${location.href}`);
    } catch {
      throw error; // a loop, or no storage to guard against one (disabled, or the server's render)
    }
    window.location.reload();
    return new Promise<T>(() => {}); // this document is going
  }
}
