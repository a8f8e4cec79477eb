import { lazy, Suspense, useState } from 'react';
import type { LeadKind } from '@shared/lead-status';

// The detail (its forms, field labels and react-hook-form) loads the first time one opens.
const LeadDetailPanel = lazy(() =>
  import('./lead-detail').then((module) => ({ default: module.LeadDetailPanel })),
);

/** The lead detail panel, fetched on first use and then kept mounted (it closes itself). */
export function LazyLeadDetail({
  open,
  onClose,
}: {
  open: { kind: LeadKind; id: number } | null;
  onClose(): void;
}) {
  const [used, setUsed] = useState(false);
  if (open && !used) setUsed(true);
  if (!open && !used) return null;
  return (
    <Suspense fallback={null}>
      <LeadDetailPanel open={open} onClose={onClose} />
    </Suspense>
  );
}
