import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => {};

/**
 * False on the server and while the pre-rendered HTML hydrates, true from the render after.
 * Lets a page use what only the browser knows (the query string, session storage) without a
 * hydration mismatch; on an in-app navigation it is true from the first render.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
