import { useEffect, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { formatNumber, formatTotal } from './format';

/** A page as a list's query answers it: `capped`, where a search's count stopped; `next`, more. */
type ListPage = { rows: readonly unknown[]; total: number; capped?: boolean; next?: string | null };

/** A list's pager: Previous and Next by `size`; `empty` in place of the range when none. */
export function Pager({
  offset,
  size,
  page: { data, isPlaceholderData },
  empty,
  onPage,
}: {
  offset: number;
  size: number;
  page: { data?: ListPage | undefined; isPlaceholderData: boolean };
  empty?: ReactNode;
  onPage(offset: number): void;
}) {
  const { rows = [], total = 0, capped = false, next } = data ?? {};
  const to = offset + rows.length;
  // A later page left empty (its last rows released or deleted, an old link): the last with rows.
  const emptied = data && !isPlaceholderData && offset > 0 && rows.length === 0;
  useEffect(() => {
    if (emptied) onPage(Math.max(0, Math.floor((total - 1) / size) * size));
  }, [emptied, total, size, onPage]);
  return (
    <nav aria-label="Pagination" className="mt-4 flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-700" aria-live="polite">
        {rows.length > 0 ? (
          <>
            Showing {formatNumber(offset + 1)}–{formatNumber(to)} of {formatTotal(total, capped)}
          </>
        ) : (
          total === 0 && empty
        )}
      </p>
      <div className="flex gap-2">
        {(
          [
            ['Previous', offset === 0, Math.max(0, offset - size)],
            // Past a search's capped count ("1,000+"), Next stays while the server has more.
            ['Next', capped ? !next : to >= total, offset + size],
          ] as const
        ).map(([label, disabled, nextOffset]) => (
          <Button
            key={label}
            variant="outline"
            size="sm"
            aria-disabled={disabled}
            onClick={() => onPage(nextOffset)}
          >
            {label}
          </Button>
        ))}
      </div>
    </nav>
  );
}
