import { lazy, Suspense } from 'react';
import { useToasts } from '../../lib/toast-store';

const Toaster = lazy(() => import('./toaster').then((module) => ({ default: module.Toaster })));

/**
 * Radix Toast costs ~18 KB gzip and most visits never see a toast, so its code loads with
 * the first toast (milliseconds on a page that is already loaded). Dismissed toasts stay in
 * the store until their removal delay, so the Toaster stays mounted while one closes.
 */
export function LazyToaster() {
  if (useToasts().length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
