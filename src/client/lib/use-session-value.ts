import { useSyncExternalStore } from 'react';
import { session, type SessionKey } from './session-keys';

function subscribeToStorage(onChange: () => void) {
  // Fires for changes made in other tabs; this tab's own writes happen before navigating.
  window.addEventListener('storage', onChange);
  return () => window.removeEventListener('storage', onChange);
}

/**
 * A session-storage value of the spec (section 3), read after hydration: null on the server
 * and during hydration (so the pre-rendered HTML matches), the stored value afterwards.
 */
export function useSessionValue(key: SessionKey | undefined): string | null {
  return useSyncExternalStore(
    subscribeToStorage,
    () => (key ? session.get(key) : null),
    () => null,
  );
}
