import { useEffect, useRef } from 'react';
import type { AccountEntry } from '@shared/admin-accounts';
import { Button } from '../../../components/ui/button';
import { useEndSession, useSessions } from '../api/accounts';
import type { ConfirmRequest } from '../ui/confirm-dialog';
import { DataTable } from '../ui/data-table';
import { formatDate } from '../ui/format';
import { Panel } from '../ui/panel';

function Sessions({
  account,
  onConfirm,
}: {
  account?: AccountEntry;
  onConfirm?(request: ConfirmRequest): void;
}) {
  const { data, isPending, isError } = useSessions(account?.id);
  const end = useEndSession();
  const [whose, Whose] = account
    ? [`the sessions of ${account.name}`, `The sessions of ${account.name}`]
    : ['your sessions', 'Your sessions'];
  if (isPending) return <p role="status">Loading {whose}…</p>;
  if (isError) return <p role="alert">{Whose} could not be loaded.</p>;
  return (
    <DataTable
      caption={`Where ${account ? `${account.name} is` : 'you are'} signed in, most recently used first`}
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
          <Button
            size="sm"
            variant="outline"
            aria-disabled={end.isPending}
            onClick={() =>
              account && onConfirm
                ? onConfirm({
                    title: `End a session of ${account.name}`,
                    message: `${account.name} is signed out of ${row.device} at once.`,
                    confirmLabel: 'End session',
                    onConfirm: () => end.mutate(row.id),
                  })
                : end.mutate(row.id)
            }
          >
            End session
          </Button>
        )
      }
      rows={data}
      empty="No sessions"
    />
  );
}

export const SessionsPanel = () => (
  <Panel id="your-sessions" title="Your sessions">
    <Sessions />
  </Panel>
);

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
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [account.id]);
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
          Sessions of {account.name}
        </h3>
        <Button
          size="sm"
          variant="outline"
          aria-label={`Close sessions of ${account.name}`}
          onClick={onClose}
        >
          Close
        </Button>
      </div>
      <Sessions account={account} onConfirm={onConfirm} />
    </section>
  );
}
