import { lazy, Suspense } from 'react';
import { useOptInMode } from '../../lib/tracking/use-opt-in-mode';

const ConsentBannerHost = lazy(() => import('./consent-banner'));

/**
 * Where the consent banner of opt-in mode appears. The pre-rendered HTML never has it, so
 * hydration matches; in notice mode none of its code loads.
 */
export function ConsentSlot() {
  if (!useOptInMode()) return null;
  return (
    <Suspense fallback={null}>
      <ConsentBannerHost />
    </Suspense>
  );
}
