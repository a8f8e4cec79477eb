import { lazy, Suspense } from 'react';
import { loadCode } from '../../lib/load-code';
import { useToasts } from '../../lib/toast-store';

const Toaster = lazy(() =>
  loadCode(() => import('./toaster')).then((module) => ({ default: module.Toaster })),
);

/** Radix Toast (~18 KB gzip) loads with the first toast; most visits see none. */
export function LazyToaster() {
  if (useToasts().length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
