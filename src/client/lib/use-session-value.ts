import { useSyncExternalStore } from 'react';
import { session, type SessionKey } from './session-keys';

function subscribeToStorage(onChange: () => void) {
  // Fires for changes made in other tabs; this tab's own writes happen before navigating.
  window.addEventListener('storage', onChange);
  return () => window.removeEventListener('storage', onChange);
}

/** A session value (spec 3), null until hydrated, so the pre-rendered HTML matches. */
export function useSessionValue(key: SessionKey | undefined): string | null {
  return useSyncExternalStore(
    subscribeToStorage,
    () => (key ? session.get(key) : null),
    () => null,
  );
}
