import { useEffect, useRef } from 'react';
import type { AccountEntry, SessionEntry } from '@shared/admin-accounts';
import { Button } from '../../../components/ui/button';
import { useEndSession, useSessions } from '../api/accounts';
import type { ConfirmRequest } from '../ui/confirm-dialog';
import { DataTable } from '../ui/data-table';
import { formatDate } from '../ui/format';
import { Panel } from '../ui/panel';

/** Sessions, most recently used first, each but this browser's with its button to end it. */
function SessionsTable({
  caption,
  sessions,
  onEnd,
  ending,
}: {
  caption: string;
  sessions: readonly SessionEntry[];
  onEnd(session: SessionEntry): void;
  ending: boolean;
}) {
  return (
    <DataTable
      caption={caption}
      columns={[
        {
          header: 'Device',
          cell: (row) => (row.current ? `${row.device} (this browser)` : row.device),
        },
        { header: 'Network', cell: (row) => row.network ?? '—' },
        { header: 'Signed in', cell: (row) => formatDate(row.createdAt) },
        { header: 'Last seen', cell: (row) => formatDate(row.lastSeenAt) },
      ]}
      actions={(row) =>
        row.current ? null : (
          <Button size="sm" variant="outline" disabled={ending} onClick={() => onEnd(row)}>
            End session
          </Button>
        )
      }
      rows={sessions}
      empty="No sessions"
    />
  );
}

export function SessionsPanel() {
  const { data, isPending, isError } = useSessions();
  const end = useEndSession();
  if (isPending) return <p role="status">Loading your sessions…</p>;
  if (isError) return <p role="alert">Your sessions could not be loaded.</p>;
  return (
    <Panel id="your-sessions" title="Your sessions">
      <SessionsTable
        caption="Where you are signed in, most recently used first"
        sessions={data}
        onEnd={(session) => end.mutate(session.id)}
        ending={end.isPending}
      />
    </Panel>
  );
}

/** An account's sessions, for the owner: its heading takes the focus; Escape or Close closes. */
export function AccountSessions({
  id,
  account,
  onConfirm,
  onClose,
}: {
  id: string;
  account: AccountEntry;
  onConfirm(request: ConfirmRequest): void;
  onClose(): void;
}) {
  const { data, isPending, isError } = useSessions(account.id);
  const end = useEndSession();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [account.id]);
  const { name } = account;
  return (
    <section
      id={id}
      aria-labelledby={`${id}-heading`}
      className="grid gap-3"
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`${id}-heading`} ref={heading} tabIndex={-1} className="text-xl focus:outline-none">
          Sessions of {name}
        </h3>
        <Button
          size="sm"
          variant="outline"
          aria-label={`Close sessions of ${name}`}
          onClick={onClose}
        >
          Close
        </Button>
      </div>
      {isPending ? (
        <p role="status">Loading the sessions of {name}…</p>
      ) : isError ? (
        <p role="alert">The sessions of {name} could not be loaded.</p>
      ) : (
        <SessionsTable
          caption={`Where ${name} is signed in, most recently used first`}
          sessions={data}
          ending={end.isPending}
          onEnd={(session) =>
            onConfirm({
              title: `End a session of ${name}`,
              message: `${name} is signed out of ${session.device} at once.`,
              confirmLabel: 'End session',
              onConfirm: () => end.mutate(session.id),
            })
          }
        />
      )}
    </section>
  );
}
