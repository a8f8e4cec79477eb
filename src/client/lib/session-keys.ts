import { useSyncExternalStore } from 'react';
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

/** A session value (spec 3), null until hydrated, so the pre-rendered HTML matches. */
export function useSessionValue(key: SessionKey | undefined): string | null {
  return useSyncExternalStore(
    subscribeToStorage,
    () => (key ? session.get(key) : null),
    () => null,
  );
}

function subscribeToStorage(onChange: () => void) {
  // Fires for changes made in other tabs; this tab's own writes happen before navigating.
  window.addEventListener('storage', onChange);
  return () => window.removeEventListener('storage', onChange);
}
