import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Download, Search, Trash2 } from 'lucide-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { safeParse } from 'zod/mini';
import {
  countsOf,
  personParts,
  personQuerySchema,
  type PersonCounts,
  type PersonErasure,
  type PersonReport,
} from '@shared/admin-person';
import { clsx } from 'clsx';
import { Button, SubmitButton } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/form-field';
import { ApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast-store';
import { adminToasts } from '../ui/admin-toasts';
import { fieldMessage, requestJson, saveFile } from '../api/http';
import { refreshLeads } from '../api/leads';
import type { ConfirmRequest } from '../ui/confirm-dialog';
import { formatNumber } from '../ui/format';

/** Reads (POST) or erases an address's data, sent in the body; each lookup is audited. */
function usePerson<Answer>(method: 'POST' | 'DELETE') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (email: string) =>
      requestJson<Answer>(method, '/api/admin/data-subject', { email }),
    onSuccess: () => (method === 'DELETE' ? refreshLeads(client) : undefined),
  });
}

/** "2 candidate records, 3 form submissions": the kinds with something in them. */
function describeCounts(counts: PersonCounts): string {
  const held = personParts.filter(({ key }) => counts[key] > 0);
  return held.map(({ key, label }) => `${label}: ${formatNumber(counts[key])}`).join(', ');
}

export function DataRequestsTab({ onConfirm }: { onConfirm(request: ConfirmRequest): void }) {
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [erased, setErased] = useState<{ email: string; counts: PersonCounts }>();
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const find = usePerson<PersonReport>('POST');
  const erase = usePerson<PersonErasure>('DELETE');
  const report = find.data;
  const counts = report ? countsOf(report) : undefined;
  const holdsAnything = counts ? describeCounts(counts) !== '' : false;
  // A new result takes the focus: the button that led there may be gone.
  useEffect(() => {
    if (report || erased) resultHeading.current?.focus();
  }, [report, erased]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = safeParse(personQuerySchema, { email });
    setFieldError(parsed.error?.issues[0]?.message);
    if (!parsed.success) return;
    setErased(undefined);
    find.mutate(parsed.data.email, {
      onError: (error) => {
        const message =
          error instanceof ApiError && error.status === 400 && fieldMessage(error, 'email');
        if (message) setFieldError(message);
        else toast(adminToasts.dataRequestFailed);
      },
    });
  };

  const confirmErasure = (found: PersonReport, what: string) =>
    onConfirm({
      title: 'Erase this person’s data',
      message: `Everything stored about ${found.email} will be erased for good: ${what}. Pending notifications and Meta events about them will not be sent. The audit log keeps only that an erasure happened, and when.`,
      confirmLabel: 'Erase everything',
      onConfirm: () =>
        erase.mutate(found.email, {
          onSuccess: (answer) => {
            find.reset();
            setErased({ email: found.email, counts: answer.erased });
            toast(adminToasts.erased);
          },
          onError: () => toast(adminToasts.erasureFailed),
        }),
    });

  return (
    <section aria-labelledby="data-requests-heading" className="grid max-w-3xl gap-6">
      <div>
        <h2 id="data-requests-heading" className="text-xl font-semibold">
          Data requests
        </h2>
        <p className="mt-2 text-slate-700">
          When a person asks what we hold about them, or asks us to delete it: find everything
          stored under their e-mail address (leads, form history, quarantine, notes and status
          changes, screening calls and answers, audit entries, notifications and Meta events),
          download it as a JSON file to send them, or erase it everywhere.
        </p>
      </div>
      <form
        aria-label="Find a person’s data"
        className="flex flex-wrap items-start gap-3"
        onSubmit={submit}
        noValidate
      >
        <TextField
          label="Person’s e-mail address"
          type="email"
          autoComplete="off"
          spellCheck={false}
          name="data-subject-email"
          containerClassName="min-w-64 flex-1"
          value={email}
          error={fieldError}
          onChange={(event) => setEmail(event.target.value)}
        />
        <SubmitButton
          submitting={find.isPending}
          label="Find"
          busyLabel="Finding..."
          variant="dark"
          className="mt-7"
        />
      </form>

      <div aria-live="polite">
        {report || erased ? (
          <div
            className={clsx(
              'rounded-xl border p-5',
              erased ? 'border-emerald-700 bg-emerald-50' : 'border-slate-300 bg-white',
            )}
          >
            <h3
              ref={resultHeading}
              tabIndex={-1}
              className="text-lg font-semibold focus:outline-none"
            >
              {erased
                ? `Erased everything stored about ${erased.email}`
                : `${holdsAnything ? 'Stored' : 'Nothing is stored'} about ${report?.email}`}
            </h3>
            {erased || !holdsAnything || !report || !counts ? (
              <p className={clsx('mt-2 text-sm', erased ? 'text-slate-800' : 'text-slate-700')}>
                {erased
                  ? describeCounts(erased.counts) || 'Nothing was left to erase.'
                  : 'No lead, submission, note, audit entry or message holds this address.'}
              </p>
            ) : (
              <>
                <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-sm">
                  {personParts.map(({ key, label }) => (
                    <div key={key} className="contents">
                      <dt className="text-slate-700">{label}</dt>
                      <dd className="text-right font-semibold tabular-nums">
                        {formatNumber(counts[key])}
                      </dd>
                    </div>
                  ))}
                </dl>
                <div className="mt-5 flex flex-wrap gap-2">
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() =>
                      saveFile(
                        JSON.stringify(report, null, 2),
                        'application/json',
                        `data-request-${report.generatedAt.slice(0, 10)}.json`,
                      )
                    }
                  >
                    <Download className="size-4" aria-hidden="true" />
                    Download JSON
                  </Button>
                  <Button
                    variant="destructive"
                    size="sm"
                    aria-disabled={erase.isPending}
                    onClick={() => confirmErasure(report, describeCounts(counts))}
                  >
                    <Trash2 className="size-4" aria-hidden="true" />
                    Erase everything…
                  </Button>
                </div>
              </>
            )}
          </div>
        ) : (
          <p className="flex items-center gap-2 text-sm text-slate-600">
            <Search className="size-4" aria-hidden="true" />
            Enter an address to see what is held.
          </p>
        )}
      </div>
    </section>
  );
}
