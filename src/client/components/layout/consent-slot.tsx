import { lazy, Suspense } from 'react';
import { useOptInMode } from '../../lib/tracking/use-opt-in-mode';

const ConsentBannerHost = lazy(() => import('./consent-banner'));

/** Where opt-in mode's consent banner appears; never pre-rendered, so hydration matches. */
export function ConsentSlot() {
  if (!useOptInMode()) return null;
  return (
    <Suspense fallback={null}>
      <ConsentBannerHost />
    </Suspense>
  );
}
