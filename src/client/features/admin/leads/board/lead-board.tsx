import { useId, useRef, useState, type MutableRefObject } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown, PanelRightOpen } from 'lucide-react';
import { leadStatuses, statusLabel, type LeadKind } from '@shared/lead-status';
import { clsx } from 'clsx';
import { Button } from '../../../../components/ui/button';
import { adminToasts } from '../../ui/admin-toasts';
import { AnnouncementLine, type Announcement } from '../../ui/announcement';
import { useBoardColumn, type BoardCard } from '../../api/board';
import { useChangeStatus } from '../../api/lead-detail';
import { useStatusMessages } from '../../settings/message-templates-section';
import { messageValues, StatusMessageOffer, useMessageOffer } from '../status-message-offer';
import { leadTabs, type LeadTabId } from '../tabs';

/*
 * A tab's pipeline as a board (issue 22): a column per status, each paging on its own. A card
 * moves by drag and drop or by its "Move to…" menu (the keyboard's way), with the detail's PATCH;
 * a status with a message asks first whether to send it, as the detail does.
 */

const numberFormat = new Intl.NumberFormat('en-US');
const DAY_MS = 86_400_000;

interface Move {
  card: BoardCard;
  to: string;
}
type Dragged = MutableRefObject<BoardCard | null>;

function lastActivity(at: string): string {
  const days = Math.max(0, Math.floor((Date.now() - Date.parse(at)) / DAY_MS));
  if (days === 0) return 'Last activity today';
  return `Last activity ${numberFormat.format(days)} day${days === 1 ? '' : 's'} ago`;
}

/** Where the lead came from: its UTM source and landing variant, else the page it started on. */
const sourceOf = (card: BoardCard) =>
  [card.utmSource, card.landingVariant].filter(Boolean).join(' · ') || card.sourcePage || '—';

const focusRing =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-strong';

function MoveMenu({
  kind,
  card,
  onMove,
}: {
  kind: LeadKind;
  card: BoardCard;
  onMove(move: Move): void;
}) {
  return (
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
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="start"
          sideOffset={4}
          className="z-30 min-w-44 rounded-lg border border-slate-200 bg-white p-1 text-slate-900 shadow-lg"
        >
          {leadStatuses[kind]
            .filter((status) => status.value !== card.status)
            .map((status) => (
              <DropdownMenu.Item
                key={status.value}
                onSelect={() => onMove({ card, to: status.value })}
                className="cursor-pointer rounded px-3 py-2 text-sm outline-none data-[highlighted]:bg-slate-100"
              >
                {status.label}
              </DropdownMenu.Item>
            ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

function Card({
  kind,
  card,
  moving,
  canEdit,
  draggedRef,
  onOpen,
  onMove,
}: {
  kind: LeadKind;
  card: BoardCard;
  moving: boolean;
  canEdit: boolean;
  draggedRef: Dragged;
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
        onClick={() => onOpen(kind, card.id)}
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
          <MoveMenu kind={kind} card={card} onMove={onMove} />
        </div>
      )}
    </li>
  );
}

function Column({
  tab,
  kind,
  status,
  label,
  ...cardProps
}: {
  tab: LeadTabId;
  status: string;
  label: string;
  movingId: number | null;
} & Omit<Parameters<typeof Card>[0], 'card' | 'moving'>) {
  const headingId = useId();
  const failure =
    kind === 'company' ? adminToasts.companyLoadFailed : adminToasts.candidateLoadFailed;
  const column = useBoardColumn(tab, kind, status, failure);
  const [over, setOver] = useState(false);
  const { canEdit, draggedRef, onMove, movingId } = cardProps;
  const cards = column.data?.pages.flatMap((page) => page.cards) ?? [];
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
            {numberFormat.format(first.total)}
            {first.capped ? '+' : ''}
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
          <Card
            key={card.id}
            kind={kind}
            card={card}
            moving={movingId === card.id}
            {...cardProps}
          />
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
          disabled={column.isFetchingNextPage}
        >
          {column.isFetchingNextPage ? 'Loading…' : 'Show more'}
          <span className="sr-only"> {label}</span>
        </Button>
      )}
    </section>
  );
}

/** Asks whether to send the status's message with the move, showing it as the person gets it. */
function MoveDialog({
  kind,
  move,
  onCancel,
  onConfirm,
  afterClose,
}: {
  kind: LeadKind;
  move: Move;
  onCancel(): void;
  onConfirm(notify: boolean): void;
  afterClose(): void;
}) {
  const offer = useMessageOffer(kind, move.card.status, move.to);
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onCancel())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-navy-950/60" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            afterClose();
          }}
          className="fixed left-1/2 top-1/2 z-50 grid w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 rounded-xl bg-white p-6 text-slate-900 shadow-xl focus-visible:outline-none"
        >
          <Dialog.Title className="text-xl font-semibold">
            Move {move.card.who} to {statusLabel(move.to)}
          </Dialog.Title>
          <Dialog.Description className="text-slate-700">
            This status has a message for the person.
          </Dialog.Description>
          <StatusMessageOffer offer={offer} values={messageValues(move.card)} />
          <div className="flex justify-end gap-3">
            <Dialog.Close asChild>
              <Button variant="outline">Cancel</Button>
            </Dialog.Close>
            <Button variant="dark" onClick={() => onConfirm(offer.notify)}>
              Move
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * The board of a tab's type. `canEdit` false shows it read-only: no menus, no dragging (a
 * viewer's; the server refuses their PATCH all the same).
 */
export function LeadBoard({
  tab,
  kind,
  onOpen,
  canEdit,
}: {
  tab: LeadTabId;
  kind: LeadKind;
  onOpen(kind: LeadKind, id: number): void;
  canEdit: boolean;
}) {
  const change = useChangeStatus(kind);
  const messageFor = useStatusMessages(kind);
  const [asking, setAsking] = useState<Move | null>(null);
  const [announcement, setAnnouncement] = useState<Announcement>({ text: '' });
  const draggedRef = useRef<BoardCard | null>(null);
  const board = useRef<HTMLDivElement>(null);
  // Where the focus goes once the dialog has closed: the card's menu, or its former column.
  const focusAfterDialog = useRef<string>('');
  const focus = (selector: string) => board.current?.querySelector<HTMLElement>(selector)?.focus();
  const columnOf = (card: BoardCard) => `ul[data-status="${card.status ?? ''}"]`;

  const run = ({ card, to }: Move, notify: boolean) =>
    change.mutate(
      { id: card.id, status: to, notify },
      {
        onSuccess: () => {
          const sent = notify ? ' Its message goes to the person.' : '';
          setAnnouncement({
            text: `Moved ${card.who} to ${statusLabel(to)}.${sent}`,
            failed: false,
          });
          // The card has left its column (and its menu with it).
          focus(columnOf(card));
        },
        onError: () =>
          setAnnouncement({ text: 'Error: Failed to change the status.', failed: true }),
      },
    );
  const onMove = (move: Move) => {
    if (move.card.status === move.to || change.isPending) return;
    if (messageFor(move.to)) setAsking(move);
    else run(move, false);
  };

  return (
    <div ref={board} className="grid gap-3">
      <AnnouncementLine announcement={announcement} />
      <div
        role="region"
        aria-label={`${leadTabs[tab].label} board`}
        tabIndex={0}
        className={clsx('flex gap-4 overflow-x-auto rounded-xl pb-2', focusRing)}
      >
        {leadStatuses[kind].map((status) => (
          <Column
            key={status.value}
            tab={tab}
            kind={kind}
            status={status.value}
            label={status.label}
            movingId={change.isPending ? (change.variables?.id ?? null) : null}
            canEdit={canEdit}
            draggedRef={draggedRef}
            onOpen={onOpen}
            onMove={onMove}
          />
        ))}
      </div>
      {asking && (
        <MoveDialog
          key={`${asking.card.id}-${asking.to}`}
          kind={kind}
          move={asking}
          onCancel={() => {
            focusAfterDialog.current = `[data-move-card="${asking.card.id}"]`;
            setAsking(null);
          }}
          onConfirm={(notify) => {
            focusAfterDialog.current = columnOf(asking.card);
            setAsking(null);
            run(asking, notify);
          }}
          afterClose={() => focus(focusAfterDialog.current)}
        />
      )}
    </div>
  );
}
