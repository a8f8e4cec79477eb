import { useId, useState, type ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useForm } from 'react-hook-form';
import { X } from 'lucide-react';
import type { LeadConversion } from '@shared/admin-deliveries';
import { leadStatuses, statusLabel, type LeadKind } from '@shared/lead-status';
import { leadNoteSchema, MAX_NOTE_LENGTH, type LeadNoteInput } from '@shared/schemas/lead-note';
import { Button } from '../../../../components/ui/button';
import { TextareaField } from '../../../../components/ui/form-field';
import { ApiError } from '../../../../lib/api';
import { zodResolver } from '../../../../lib/zod-resolver';
import {
  useAddNote,
  useChangeStatus,
  useLeadDetail,
  useMarkReviewed,
  type LeadDetail,
  type TimelineEntry,
} from '../../api/lead-detail';
import { AnnouncementLine, type Announcement } from '../../ui/announcement';
import { StatusBadge, UnverifiedBadge } from '../columns';
import { AssigneeForm } from '../assignee-form';
import type { Assignee } from '../../api/assignees';
import { useReturnFocus } from '../../ui/confirm-dialog';
import { detailGroups, FieldList, SubmissionHistory } from '../lead-fields';
import { formatDate } from '../leads';
import { Select } from '../../ui/select';
import { messageValues, StatusMessageOffer, useMessageOffer } from '../status-message-offer';
import { PossibleDuplicates } from './possible-duplicates';
import type { PlaceholderValues } from '@shared/message-templates';
import { useCan } from '../../api/session';

// Said in the panel, not as a toast: the page behind is hidden from AT, and a toast takes Escape.
type Announce = (message: Announcement) => void;

// Submit buttons are never `disabled`: that would drop the focus out of the panel.

/** The status with a control to change it (PATCH); the pipeline's values of the lead's kind. */
function StatusForm({
  kind,
  id,
  status,
  values,
  announce,
}: {
  kind: LeadKind;
  id: number;
  status: string | null;
  /** The lead's own values for the message's placeholders. */
  values: PlaceholderValues;
  announce: Announce;
}) {
  const [picked, setPicked] = useState<string | null>(null);
  const choice = picked ?? status ?? '';
  const change = useChangeStatus(kind);
  const offer = useMessageOffer(kind, status, choice);
  const { notify } = offer;
  return (
    <form
      className="flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (change.isPending || !choice || choice === status) return;
        change.mutate(
          { id, status: choice, notify },
          {
            onSuccess: () => {
              setPicked(null);
              const sent = notify ? ' Its message goes to the person.' : '';
              announce({ text: `Status changed to ${statusLabel(choice)}.${sent}` });
            },
            onError: () => announce({ text: 'Error: Failed to change the status.', failed: true }),
          },
        );
      }}
    >
      <Select
        label="Status"
        value={choice}
        onChange={setPicked}
        options={leadStatuses[kind]}
        empty={status === null ? 'Not set' : undefined}
        className="min-w-48"
      />
      <Button type="submit" variant="dark" size="md" aria-disabled={change.isPending}>
        {change.isPending ? 'Saving…' : 'Change status'}
      </Button>
      <StatusMessageOffer offer={offer} values={values} />
    </form>
  );
}

/** Forms sent without the person's proof wait for review (decision 151): the admin clears them. */
function ReviewForm({
  kind,
  id,
  count,
  announce,
}: {
  kind: LeadKind;
  id: number;
  count: number;
  announce: Announce;
}) {
  const review = useMarkReviewed(kind, id);
  if (count <= 0) return null;
  return (
    <form
      className="flex flex-wrap items-center gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (review.isPending) return;
        review.mutate(undefined, {
          onSuccess: () => announce({ text: 'Marked reviewed.' }),
          onError: () =>
            announce({ text: 'Error: Failed to mark the forms reviewed.', failed: true }),
        });
      }}
    >
      <p className="text-sm text-slate-700">
        <UnverifiedBadge count={count} /> {count === 1 ? 'One form was' : `${count} forms were`}{' '}
        sent without the person’s proof: they filled only empty fields. See “Forms sent”.
      </p>
      <Button type="submit" variant="dark" size="md" aria-disabled={review.isPending}>
        {review.isPending ? 'Saving…' : 'Mark reviewed'}
      </Button>
    </form>
  );
}

/** A note on the lead: react-hook-form with the shared schema (1–5000 characters). */
function NoteForm({ kind, id, announce }: { kind: LeadKind; id: number; announce: Announce }) {
  const add = useAddNote(kind, id);
  const form = useForm<LeadNoteInput>({
    resolver: zodResolver(leadNoteSchema),
    defaultValues: { text: '' },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    if (add.isPending) return;
    try {
      await add.mutateAsync(values);
      form.reset({ text: '' });
      announce({ text: 'Note added to the timeline.' });
    } catch {
      // The text stays for another try.
      announce({ text: 'Error: Failed to add the note.', failed: true });
    }
  });
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-3">
      <TextareaField
        label="Add a note"
        maxLength={MAX_NOTE_LENGTH}
        error={form.formState.errors.text?.message}
        {...form.register('text')}
      />
      <div>
        <Button type="submit" variant="dark" size="md" aria-disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? 'Processing...' : 'Add note'}
        </Button>
      </div>
    </form>
  );
}

const kindLabel: Record<string, string> = {
  created: 'Created',
  submitted: 'Submitted',
  email_sent: 'E-mail',
  status_changed: 'Status',
  note: 'Note',
  reminders_stopped: 'Reminders',
  merged: 'Merged',
  assigned: 'Assignee',
};

/** The lead's history, oldest first, each entry with its time. */
function Timeline({ entries }: { entries: TimelineEntry[] }) {
  if (entries.length === 0) return <p className="text-sm text-slate-600">Nothing yet.</p>;
  return (
    <ol className="grid gap-3 border-l-2 border-slate-200 pl-4">
      {entries.map((entry, index) => (
        <li key={`${entry.at}-${index}`} className="text-sm">
          <p className="text-slate-600">
            <time dateTime={entry.at}>{formatDate(entry.at)}</time>
            <span className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-semibold text-slate-800">
              {kindLabel[entry.kind] ?? entry.kind}
            </span>
          </p>
          <p className="mt-1 whitespace-pre-line break-words text-slate-900">{entry.text}</p>
        </li>
      ))}
    </ol>
  );
}

const stateLabels: Record<LeadConversion['state'], string> = {
  sent: 'Sent',
  pending: 'Waiting to send',
  failed: 'Failed',
};

/** "Sent", "Failed", or "Retrying" when the last attempt failed and another will come. */
const stateOf = (entry: LeadConversion) =>
  entry.state === 'pending' && entry.error ? 'Retrying' : stateLabels[entry.state];

/** The lead's events sent to Meta's Conversions API (decision 110), with Meta's errors. */
function ConversionEvents({ conversions }: { conversions: LeadConversion[] }) {
  return (
    <ul className="grid gap-1 text-sm">
      {conversions.map((entry, index) => (
        <li key={`${entry.event}-${index}`} className="text-slate-900">
          <span className="font-medium">{entry.event}</span>
          {' · '}
          <span className={entry.error ? 'text-red-800' : 'text-slate-700'}>{stateOf(entry)}</span>
          {' · '}
          <time dateTime={entry.at} className="text-slate-700">
            {formatDate(entry.at)}
          </time>
          {entry.error && <span className="block text-red-800">{entry.error}</span>}
        </li>
      ))}
    </ul>
  );
}

/** A part of the detail: its heading names the region. */
function DetailSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <h3 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h3>
      {children}
    </section>
  );
}

function DetailBody({ detail }: { detail: LeadDetail }) {
  const { kind, lead } = detail;
  const [announcement, announce] = useState<Announcement>({ text: '' });
  // A viewer reads the lead: no status control, review or note form.
  const canWork = useCan('work');
  return (
    <div className="grid gap-8">
      <AnnouncementLine announcement={announcement} />
      <DetailSection title="Pipeline">
        <p className="text-sm text-slate-700">
          Now: <StatusBadge status={lead.status} />
        </p>
        {canWork && (
          <StatusForm
            kind={kind}
            id={lead.id}
            status={lead.status}
            values={messageValues(lead)}
            announce={announce}
          />
        )}
        {canWork && (
          <AssigneeForm
            kind={kind}
            id={lead.id}
            assignee={(detail.raw.assignee as Assignee | null | undefined) ?? null}
            announce={announce}
          />
        )}
        {canWork && (
          <ReviewForm kind={kind} id={lead.id} count={lead.unverifiedForms} announce={announce} />
        )}
      </DetailSection>
      {detailGroups(detail).map((group) => (
        <FieldList key={group.title} group={group} />
      ))}
      {kind === 'candidate' && (
        <DetailSection title="Possible duplicates">
          {/* The one flag a role without lead changes (issue 22's viewer) turns off. */}
          <PossibleDuplicates id={lead.id} canMerge={canWork} announce={announce} />
        </DetailSection>
      )}
      <DetailSection title="Notes">
        {canWork ? <NoteForm kind={kind} id={lead.id} announce={announce} /> : null}
      </DetailSection>
      <DetailSection title="Forms sent">
        <SubmissionHistory submissions={detail.submissions} />
      </DetailSection>
      {detail.conversions.length > 0 && (
        <DetailSection title="Sent to Meta">
          <ConversionEvents conversions={detail.conversions} />
        </DetailSection>
      )}
      <DetailSection title="Timeline">
        <Timeline entries={detail.timeline} />
      </DetailSection>
    </div>
  );
}

function DetailContent({ kind, id }: { kind: LeadKind; id: number }) {
  const query = useLeadDetail(kind, id);
  const notFound = query.error instanceof ApiError && query.error.status === 404;
  return (
    <>
      <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-6 py-4">
        <div>
          <Dialog.Title className="text-xl font-semibold text-slate-900">
            {query.data?.lead.who ?? `${kind === 'company' ? 'Company' : 'Candidate'} #${id}`}
          </Dialog.Title>
          <Dialog.Description className="text-sm text-slate-600">
            {kind === 'company' ? 'Company lead' : 'Candidate lead'} #{id}
            {query.data?.lead.status ? ` · ${statusLabel(query.data.lead.status)}` : ''}
          </Dialog.Description>
        </div>
        <Dialog.Close asChild>
          <button
            type="button"
            aria-label="Close"
            className="inline-flex size-10 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-accent-strong"
          >
            <X className="size-5" aria-hidden="true" />
          </button>
        </Dialog.Close>
      </div>
      <div className="flex-1 overflow-y-auto px-6 py-6">
        {query.data ? (
          <DetailBody detail={query.data} />
        ) : query.isError ? (
          <p role="alert" className="text-red-800">
            {notFound
              ? 'This lead does not exist (any more): it may have been deleted.'
              : `Error: Failed to load ${kind} data`}
          </p>
        ) : (
          <p role="status" className="text-slate-700">
            Loading…
          </p>
        )}
      </div>
    </>
  );
}

/** A lead's detail as a side panel (Radix Dialog); which lead is open is the page's URL. */
export default function LeadDetailPanel({
  open,
  onClose,
}: {
  open: { kind: LeadKind; id: number } | null;
  onClose(): void;
}) {
  // No Dialog.Trigger opens it (the URL does): see useReturnFocus.
  const returnFocus = useReturnFocus();
  return (
    <Dialog.Root open={open !== null} onOpenChange={(isOpen) => (isOpen ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-navy-950/60" />
        <Dialog.Content
          {...returnFocus}
          className="fixed inset-y-0 right-0 z-40 flex w-full max-w-2xl flex-col bg-white text-slate-900 shadow-xl focus-visible:outline-none"
        >
          {open ? <DetailContent key={`${open.kind}-${open.id}`} {...open} /> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
