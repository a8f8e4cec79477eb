import { useId, useState } from 'react';
import { clsx } from 'clsx';
import { Button } from '../../../../components/ui/button';
import { useBoardColumn } from '../../api/leads';
import { adminToasts } from '../../ui/admin-toasts';
import { leadTabs, type LeadTabId, type TabFilter } from '../tabs';
import { Card, focusRing } from './board-card';
import { formatTotal } from '../../ui/format';

/** A status's column: its cards, paged on their own, and the drop target of a dragged card. */
export function BoardColumn({
  tab,
  status,
  label,
  filter,
  ...cardProps
}: {
  tab: LeadTabId;
  status: string;
  label: string;
  filter: TabFilter | undefined;
  movingId: number | null;
} & Omit<Parameters<typeof Card>[0], 'card' | 'moving'>) {
  const headingId = useId();
  const failure = adminToasts.loadFailed(leadTabs[tab].kind);
  const column = useBoardColumn(tab, status, filter);
  const [over, setOver] = useState(false);
  const { canEdit, draggedRef, onMove, movingId } = cardProps;
  const cards = column.data?.pages.flatMap((page) => page.rows) ?? [];
  const first = column.data?.pages[0];
  return (
    <section
      aria-labelledby={headingId}
      onDragOver={(event) => {
        if (!canEdit || !draggedRef.current) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'move';
        setOver(true);
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        if (draggedRef.current) onMove({ card: draggedRef.current, to: status });
      }}
      className={clsx(
        'flex w-72 shrink-0 flex-col gap-3 rounded-xl border-2 bg-slate-100 p-3',
        over ? 'border-dashed border-accent-strong' : 'border-transparent',
      )}
    >
      <h2 id={headingId} className="flex items-center justify-between gap-2 font-semibold">
        {label}
        {first && (
          <span className="rounded-full bg-white px-2 py-0.5 text-xs text-slate-800">
            {formatTotal(first.total, first.capped)}
          </span>
        )}
      </h2>
      <ul
        aria-label={label}
        aria-busy={column.isFetching}
        data-status={status}
        tabIndex={-1}
        className={clsx('grid gap-2 rounded-lg', focusRing)}
      >
        {cards.map((card) => (
          <Card key={card.id} card={card} moving={movingId === card.id} {...cardProps} />
        ))}
      </ul>
      {cards.length === 0 && (
        <p className="text-sm text-slate-600">
          {column.isError
            ? `Error: ${failure.description}`
            : column.isPending
              ? 'Loading…'
              : 'No leads.'}
        </p>
      )}
      {column.hasNextPage && (
        <Button
          variant="outline"
          size="sm"
          onClick={() => void column.fetchNextPage()}
          aria-disabled={column.isFetchingNextPage}
        >
          {column.isFetchingNextPage ? 'Loading…' : 'Show more'}
          <span className="sr-only"> {label}</span>
        </Button>
      )}
    </section>
  );
}
