import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { formatNumber } from './format';

/**
 * A list's pager: rows `offset`+1 to `offset`+`shown` of `total` (`capped`: more), Previous
 * and Next by `size`; `empty` in place of the range when there are none.
 */
export function Pager({
  offset,
  shown,
  total,
  size,
  capped = false,
  last,
  empty,
  onPage,
}: {
  offset: number;
  shown: number;
  total: number;
  size: number;
  capped?: boolean;
  last?: boolean;
  empty?: ReactNode;
  onPage(offset: number): void;
}) {
  const to = offset + shown;
  return (
    <nav aria-label="Pagination" className="mt-4 flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-700" aria-live="polite">
        {total > 0 ? (
          <>
            Showing {formatNumber(offset + 1)}–{formatNumber(to)} of {formatNumber(total)}
            {capped ? '+' : ''}
          </>
        ) : (
          empty
        )}
      </p>
      <div className="flex gap-2">
        {(
          [
            ['Previous', offset === 0, Math.max(0, offset - size)],
            ['Next', last ?? to >= total, offset + size],
          ] as const
        ).map(([label, disabled, next]) => (
          <Button
            key={label}
            variant="outline"
            size="sm"
            aria-disabled={disabled}
            onClick={() => onPage(next)}
          >
            {label}
          </Button>
        ))}
      </div>
    </nav>
  );
}
