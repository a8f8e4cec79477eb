import { AlertTriangle } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import type { Deliveries, FailedDelivery } from '@shared/admin-deliveries';
import type { LeadKind } from '@shared/lead-status';
import { RowsOrEmpty } from '../ui/data-table';
import { LeadButton } from '../ui/controls';
import { formatDate, formatNumber } from '../ui/format';

const destinationLabels: Record<FailedDelivery['destination'], string> = {
  email: 'E-mail',
  webhook: 'Webhook',
  meta: 'Meta Conversions API',
  person: "E-mail to the lead's person",
  calendar: "Candidate's call e-mail",
};

const headers = ['Destination', 'Topic', 'Lead', 'Error', 'Attempts', 'Last attempt'];

/** Shown only when notifications failed to leave (how many, the newest) or the spend pull fails. */
export function DeliveryNotice({ onOpenLead }: { onOpenLead(kind: LeadKind, id: number): void }) {
  const { data } = useQuery<Deliveries>({ queryKey: ['/api/admin/deliveries'] });
  if (!data || (data.failedCount === 0 && !data.spendPull)) return null;
  const count = formatNumber(data.failedCount);
  const meta = data.failedByDestination?.meta ?? 0;
  const person = data.failedByDestination?.person ?? 0;
  const calls = data.failedByDestination?.calendar ?? 0;
  return (
    <section
      aria-labelledby="delivery-problems"
      className="mt-6 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950"
    >
      <h2 id="delivery-problems" className="flex items-center gap-2 text-base font-semibold">
        <AlertTriangle className="size-5 shrink-0" aria-hidden="true" />
        Delivery problems
      </h2>
      {data.spendPull && (
        <p className="mt-1 text-sm" data-testid="spend-pull-problem">
          Meta ad spend could not be pulled ({data.spendPull.failures}{' '}
          {data.spendPull.failures === 1 ? 'attempt' : 'attempts'}, last{' '}
          {formatDate(data.spendPull.lastAttemptAt)})
          {data.spendPull.error ? `: ${data.spendPull.error}` : ''}. It is retried.
        </p>
      )}
      {data.failedCount > 0 && (
        <p className="mt-1 text-sm">
          {data.failedCount === 1
            ? '1 message could not be delivered.'
            : `${count} messages could not be delivered.`}
          {meta > 0 && ` Meta Conversions API events among them: ${formatNumber(meta)}.`}
          {person > 0 && ` E-mails to the leads themselves among them: ${formatNumber(person)}.`}
          {calls > 0 &&
            ` Call invitations, changes and reminders among them: ${formatNumber(calls)}.`}
        </p>
      )}
      {data.failedCount > 0 && (
        <details className="mt-2 text-sm">
          <summary className="cursor-pointer rounded font-semibold underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-accent-strong">
            Show the failures
          </summary>
          <div className="relative mt-3 overflow-x-auto rounded-lg border border-amber-200 bg-white text-slate-900">
            <table className="min-w-full text-left">
              <caption className="sr-only">Failed deliveries, newest first</caption>
              <thead className="bg-slate-100">
                <tr>
                  {headers.map((header) => (
                    <th key={header} scope="col" className="whitespace-nowrap px-3 py-2">
                      {header}
                    </th>
                  ))}
                </tr>
              </thead>
              <RowsOrEmpty
                rows={data.failed}
                columnCount={headers.length}
                empty="No failures to show."
                emptyClassName="px-3 py-3 text-center text-slate-600"
              >
                {({ leadType, leadId, ...delivery }) => (
                  <tr key={delivery.id} className="align-top">
                    <td className="px-3 py-2">{destinationLabels[delivery.destination]}</td>
                    <td className="px-3 py-2">{delivery.topic}</td>
                    <td className="px-3 py-2">
                      {!leadType || leadId === null ? (
                        <span className="text-slate-600">—</span>
                      ) : (
                        <LeadButton kind={leadType} id={leadId} onOpen={onOpenLead} />
                      )}
                    </td>
                    <td className="min-w-56 break-words px-3 py-2">{delivery.lastError ?? '—'}</td>
                    <td className="px-3 py-2 text-right">{delivery.attempts}</td>
                    <td className="whitespace-nowrap px-3 py-2">
                      {formatDate(delivery.lastAttemptAt ?? delivery.createdAt)}
                    </td>
                  </tr>
                )}
              </RowsOrEmpty>
            </table>
          </div>
        </details>
      )}
    </section>
  );
}
