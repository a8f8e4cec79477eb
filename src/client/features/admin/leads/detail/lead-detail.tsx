import { useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { LeadConversion } from '@shared/admin-deliveries';
import { statusLabel, type LeadKind } from '@shared/lead-status';
import { ApiError } from '../../../../lib/api';
import {
  useLeadDetail,
  type Assignee,
  type LeadDetail,
  type TimelineEntry,
} from '../../api/lead-detail';
import { useCan } from '../../api/session';
import { AnnouncementLine, type Announcement } from '../../ui/announcement';
import { useReturnFocus } from '../../ui/confirm-dialog';
import { Panel } from '../../ui/panel';
import { AssigneeForm } from '../assignee-form';
import { StatusBadge } from '../columns';
import { detailGroups, FieldList, SubmissionHistory } from '../lead-fields';
import { messageValues } from '../status-message-offer';
import { NoteForm, ReviewForm, StatusForm } from './pipeline-forms';
import { PossibleDuplicates } from './possible-duplicates';
import { formatDate } from '../../ui/format';

const part = { level: 3, titleClassName: 'text-lg' } as const;

function DetailBody({ detail }: { detail: LeadDetail }) {
  const { kind, lead } = detail;
  const [announcement, announce] = useState<Announcement>({ text: '' });
  // A viewer reads the lead: no status control, review or note form.
  const canWork = useCan('work');
  const form = { kind, id: lead.id, announce };
  return (
    <div className="grid gap-8">
      <AnnouncementLine announcement={announcement} />
      <Panel {...part} title="Pipeline">
        <p className="text-sm text-slate-700">
          Now: <StatusBadge status={lead.status} />
        </p>
        {canWork && (
          <>
            <StatusForm {...form} status={lead.status} values={messageValues(lead)} />
            <AssigneeForm
              {...form}
              assignee={(detail.raw.assignee as Assignee | null | undefined) ?? null}
            />
            <ReviewForm {...form} count={lead.unverifiedForms} />
          </>
        )}
      </Panel>
      {detailGroups(detail).map((group) => (
        <FieldList key={group.title} group={group} />
      ))}
      {kind === 'candidate' && (
        <Panel {...part} title="Possible duplicates">
          <PossibleDuplicates {...form} canMerge={canWork} />
        </Panel>
      )}
      <Panel {...part} title="Notes">
        {canWork ? <NoteForm {...form} /> : null}
      </Panel>
      <Panel {...part} title="Forms sent">
        <SubmissionHistory submissions={detail.submissions} />
      </Panel>
      {detail.conversions.length > 0 && (
        <Panel {...part} title="Sent to Meta">
          <ConversionEvents conversions={detail.conversions} />
        </Panel>
      )}
      <Panel {...part} title="Timeline">
        <Timeline entries={detail.timeline} />
      </Panel>
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
