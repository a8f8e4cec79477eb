import { VISITORS_UNDERCOUNTED } from '@shared/admin-funnel';

/** A share as a percentage ("33.3%"), a dash without one; the server's rates are at most 1. */
export const ratePercent = (rate: number | null) =>
  rate === null ? '—' : `${(rate * 100).toFixed(1)}%`;

/** A lead or company rate, marked where leads exceed the visitors counted; the note says why. */
export function LeadRate({ rate, undercounted }: { rate: number | null; undercounted: boolean }) {
  return (
    <>
      {ratePercent(rate)}
      {undercounted && (
        <>
          <span aria-hidden="true">*</span>
          <span className="sr-only"> (visitors under-counted, see the note)</span>
        </>
      )}
    </>
  );
}

/** What the marker means: said under a table or card with a marked rate. */
export function UndercountNote() {
  return (
    <>
      <span aria-hidden="true">* </span>
      More leads and companies than visitors: a rate shows at most 100% (— where none were counted).{' '}
      {VISITORS_UNDERCOUNTED}
    </>
  );
}
