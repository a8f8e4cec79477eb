import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/** `client()` once hydrated; `server()` on the server and while hydrating, so markup matches. */
export const useClientValue = <T>(client: () => T, server: () => T): T =>
  useSyncExternalStore(noSubscription, client, server);

/** False on the server and while hydrating, so browser-only values cause no mismatch. */
export const useHydrated = (): boolean =>
  useClientValue(
    () => true,
    () => false,
  );
