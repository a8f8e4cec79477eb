import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => {};

/** False on the server and while hydrating, so browser-only values cause no mismatch. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
