import type { PrefillKey } from '@shared/prefill-cookie';

/** Session-storage keys of the specification (section 3), verbatim. */
export type SessionKey = PrefillKey | 'adminAuthenticated';

/** A storage call that never throws: private modes and disabled storage give `fallback`. */
function quietly<T>(call: (storage: Storage) => T, fallback: T): T {
  try {
    return call(window.sessionStorage);
  } catch {
    return fallback; // the flow still works, only the prefill is lost
  }
}

export const session = {
  get: (key: SessionKey) => quietly((storage) => storage.getItem(key), null),
  set: (key: SessionKey, value: string) => quietly((storage) => storage.setItem(key, value), null),
  remove: (key: SessionKey) => quietly((storage) => storage.removeItem(key), null),
};
