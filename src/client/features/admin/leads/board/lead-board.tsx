import { useRef, useState } from 'react';
import { leadStatuses, statusLabel, type LeadKind } from '@shared/lead-status';
import { clsx } from 'clsx';
import type { BoardCard } from '../../api/leads';
import { useChangeStatus } from '../../api/lead-detail';
import { useStatusMessages } from '../../api/message-templates';
import { useCan } from '../../api/session';
import { announced, AnnouncementLine, type Announcement } from '../../ui/announcement';
import { personalPreview, useStatusChangeAsk } from '../status-message-offer';
import { leadTabs, type LeadTabId, type TabFilter } from '../tabs';
import { focusRing, type Move } from './board-card';
import { BoardColumn } from './board-column';

/** A column per status; a card moves by drag and drop or its "Move to…" menu (the keyboard's). */
export function LeadBoard({
  tab,
  kind,
  onOpen,
  filter,
}: {
  tab: LeadTabId;
  kind: LeadKind;
  /** The list's search, "My leads" and duplicates; its status is the columns'. */
  filter?: TabFilter;
  onOpen(kind: LeadKind, id: number): void;
}) {
  const canEdit = useCan('work');
  const change = useChangeStatus(kind);
  const messageFor = useStatusMessages(kind);
  const [announcement, setAnnouncement] = useState<Announcement>({ text: '' });
  const draggedRef = useRef<BoardCard | null>(null);
  const board = useRef<HTMLDivElement>(null);
  // Where the focus goes once the dialog has closed: the card's menu, or its former column.
  const focusAfterDialog = useRef<string>('');
  const focus = (selector: string) => board.current?.querySelector<HTMLElement>(selector)?.focus();
  const columnOf = (card: BoardCard) => `ul[data-status="${card.status ?? ''}"]`;
  const offer = useStatusChangeAsk(() => focus(focusAfterDialog.current));

  const onMove = ({ card, to }: Move) => {
    // Until the messages have loaded a move waits: made without, it would send none.
    if (card.status === to || change.isPending || !messageFor) return;
    // Cancelled: back to the card's menu; moved: to its former column.
    focusAfterDialog.current = `[data-move-card="${card.id}"]`;
    const title = `Move ${card.who} to ${statusLabel(to)}`;
    offer.ask({ title, message: messageFor(to), ...personalPreview(card) }, (sending) => {
      focusAfterDialog.current = columnOf(card);
      const sent = sending.notify ? ' Its message goes to the person.' : '';
      change.mutate(
        { id: card.id, status: to, ...sending },
        // The card has left its column (and its menu with it): the focus goes to the column.
        announced(
          setAnnouncement,
          `Moved ${card.who} to ${statusLabel(to)}.${sent}`,
          'Failed to change the status.',
          () => focus(columnOf(card)),
        ),
      );
    });
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
            status={status.value}
            label={status.label}
            filter={filter}
            movingId={change.isPending ? (change.variables?.id ?? null) : null}
            canEdit={canEdit}
            draggedRef={draggedRef}
            onOpen={onOpen}
            onMove={onMove}
          />
        ))}
      </div>
      {offer.dialog}
    </div>
  );
}
