import { useRef, useState } from 'react';
import { leadStatuses, statusLabel, type LeadKind } from '@shared/lead-status';
import { clsx } from 'clsx';
import { ConfirmDialog, type ConfirmRequest } from '../../ui/confirm-dialog';
import type { BoardCard } from '../../api/board';
import { useChangeStatus } from '../../api/lead-detail';
import { useStatusMessages } from '../../api/message-templates';
import { announced, AnnouncementLine, type Announcement } from '../../ui/announcement';
import { messageValues, StatusMessageOffer, useMessageOffer } from '../status-message-offer';
import { leadTabs, type LeadTabId } from '../tabs';
import { focusRing, type Move } from './board-card';
import { BoardColumn } from './board-column';

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
  const request: ConfirmRequest = {
    title: `Move ${move.card.who} to ${statusLabel(move.to)}`,
    message: 'This status has a message for the person.',
    confirmLabel: 'Move',
    confirmVariant: 'dark',
    onConfirm: () => onConfirm(offer.notify),
  };
  return (
    <ConfirmDialog request={request} onClose={onCancel} afterClose={afterClose}>
      <StatusMessageOffer offer={offer} values={messageValues(move.card)} />
    </ConfirmDialog>
  );
}

/** A column per status; a card moves by drag and drop or its "Move to…" menu (the keyboard's). */
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

  const run = ({ card, to }: Move, notify: boolean) => {
    const sent = notify ? ' Its message goes to the person.' : '';
    change.mutate(
      { id: card.id, status: to, notify },
      // The card has left its column (and its menu with it): the focus goes to the column.
      announced(
        setAnnouncement,
        `Moved ${card.who} to ${statusLabel(to)}.${sent}`,
        'Failed to change the status.',
        () => focus(columnOf(card)),
      ),
    );
  };
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
          <BoardColumn
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
