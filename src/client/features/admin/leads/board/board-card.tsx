import type { MutableRefObject } from 'react';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown, PanelRightOpen } from 'lucide-react';
import { DAY_MS } from '@shared/calendar-day';
import { leadStatuses, type LeadKind } from '@shared/lead-status';
import { clsx } from 'clsx';
import type { BoardCard } from '../../api/leads';
import { formatNumber } from '../../ui/format';
import { MenuContent, menuItemClass } from '../../ui/menu';

export type Move = { card: BoardCard; to: string };

function lastActivity(at: string | null): string {
  const days = Math.max(0, Math.floor((Date.now() - Date.parse(String(at))) / DAY_MS));
  if (days === 0) return 'Last activity today';
  return `Last activity ${formatNumber(days)} day${days === 1 ? '' : 's'} ago`;
}

/** Where the lead came from: its UTM source and landing variant, else the page it started on. */
const sourceOf = (card: BoardCard) =>
  [card.utmSource, card.landingVariant].filter(Boolean).join(' · ') || card.sourcePage || '—';

export const focusRing =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-strong';

export function Card({
  card,
  moving,
  canEdit,
  draggedRef,
  onOpen,
  onMove,
}: {
  card: BoardCard;
  moving: boolean;
  canEdit: boolean;
  draggedRef: MutableRefObject<BoardCard | null>;
  onOpen(kind: LeadKind, id: number): void;
  onMove(move: Move): void;
}) {
  return (
    <li
      draggable={canEdit}
      onDragStart={(event) => {
        draggedRef.current = card;
        event.dataTransfer.effectAllowed = 'move';
        event.dataTransfer.setData('text/plain', card.who);
      }}
      onDragEnd={() => (draggedRef.current = null)}
      aria-busy={moving}
      className={clsx(
        'grid gap-1.5 rounded-lg border border-slate-200 bg-white p-3 shadow-sm',
        canEdit && 'cursor-grab',
        moving && 'opacity-60',
      )}
    >
      <button
        type="button"
        onClick={() => onOpen(card.kind, card.id)}
        className={clsx(
          'inline-flex items-center gap-1.5 rounded text-left font-medium text-accent-strong underline-offset-2 hover:underline',
          focusRing,
        )}
      >
        <PanelRightOpen className="size-4 shrink-0" aria-hidden="true" />
        <span className="sr-only">Open details of </span>
        <span className="break-all">{card.who}</span>
      </button>
      <p className="text-xs text-slate-700">Source: {sourceOf(card)}</p>
      <p className="text-xs text-slate-700">
        {moving ? 'Moving…' : lastActivity(card.lastActivityAt)}
      </p>
      {canEdit && (
        <div>
          <DropdownMenu.Root>
            <DropdownMenu.Trigger asChild>
              <button
                type="button"
                data-move-card={card.id}
                aria-label={`Move to…, ${card.who}`}
                className={clsx(
                  'inline-flex h-9 items-center gap-1 rounded-md border border-slate-300 bg-white px-2.5 text-sm font-medium text-slate-900 hover:bg-slate-100',
                  focusRing,
                )}
              >
                Move to…
                <ChevronDown className="size-4" aria-hidden="true" />
              </button>
            </DropdownMenu.Trigger>
            <MenuContent align="start" className="min-w-44">
              {leadStatuses[card.kind]
                .filter((status) => status.value !== card.status)
                .map((status) => (
                  <DropdownMenu.Item
                    key={status.value}
                    onSelect={() => onMove({ card, to: status.value })}
                    className={menuItemClass}
                  >
                    {status.label}
                  </DropdownMenu.Item>
                ))}
            </MenuContent>
          </DropdownMenu.Root>
        </div>
      )}
    </li>
  );
}
