import { Button } from '../../components/ui/button';
import { useEndSession, useSessions } from './api/accounts';
import { LeadTable } from './lead-table';
import { formatDate } from './leads';

/** "Your sessions": where the signed-in account is signed in, each one to end. */
export function SessionsPanel() {
  const { data, isPending, isError } = useSessions();
  const end = useEndSession();
  if (isPending) return <p role="status">Loading your sessions…</p>;
  if (isError) return <p role="alert">Your sessions could not be loaded.</p>;
  return (
    <section aria-labelledby="your-sessions" className="grid gap-3">
      <h2 id="your-sessions" className="text-xl">
        Your sessions
      </h2>
      <LeadTable
        caption="Where you are signed in, most recently used first"
        columns={[
          {
            header: 'Device',
            cell: (row) => (row.current ? `${row.device} (this browser)` : row.device),
          },
          { header: 'Network', cell: (row) => row.network ?? '—' },
          { header: 'Signed in', cell: (row) => formatDate(row.createdAt) },
          { header: 'Last seen', cell: (row) => formatDate(row.lastSeenAt) },
          {
            header: 'Actions',
            cell: (row) =>
              row.current ? null : (
                <Button
                  size="sm"
                  variant="outline"
                  disabled={end.isPending}
                  onClick={() => end.mutate(row.id)}
                >
                  End session
                </Button>
              ),
          },
        ]}
        rows={data}
        empty="No sessions"
      />
    </section>
  );
}
