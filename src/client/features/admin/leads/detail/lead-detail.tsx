import { useEffect, useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { statusLabel, type LeadKind } from '@shared/lead-status';
import { ApiError } from '../../../../lib/api';
import { callState } from '../../api/calls';
import { useLeadDrawer, type Assignee, type LeadDrawer } from '../../api/lead-detail';
import { useCan } from '../../api/session';
import { AnnouncementLine, type Announcement } from '../../ui/announcement';
import { useReturnFocus } from '../../ui/confirm-dialog';
import { formatDate, leadName } from '../../ui/format';
import { Panel } from '../../ui/panel';
import { AssigneeForm } from '../assignee-form';
import { StatusBadge } from '../columns';
import { personalPreview } from '../status-message-offer';
import { ContactCard } from './contact-card';
import { answerGroups, FieldList, recordGroups, SubmissionHistory } from './detail-fields';
import { ConversionEvents, Notes, Timeline } from './history';
import { NoteForm, StatusForm } from './pipeline-forms';
import { PossibleDuplicates } from './possible-duplicates';
import { UnverifiedChanges } from './unverified-changes';

const part = { level: 3, titleClassName: 'text-lg font-semibold' } as const;

/** Marked once the drawer shows its lead: the browser tests read it against the click. */
export const READY_MARK = 'lead-drawer-ready';

function DetailBody({ drawer }: { drawer: LeadDrawer }) {
  const { detail, duplicates, booking, screening } = drawer;
  const { kind, lead } = detail;
  const [announcement, announce] = useState<Announcement>({ text: '' });
  useEffect(() => void performance.mark(READY_MARK), []);
  // A viewer reads the lead: no status control, owner change, note form or merge.
  const canWork = useCan('work');
  const form = { kind, id: lead.id, announce };
  const assignee = (detail.raw.assignee as Assignee | null | undefined) ?? null;
  const answers = answerGroups(detail);
  const record = recordGroups(detail);
  return (
    <div className="grid gap-8">
      <AnnouncementLine announcement={announcement} />
      <Panel {...part} title="Contact">
        <ContactCard detail={detail} />
      </Panel>
      <UnverifiedChanges detail={detail} canWork={canWork} announce={announce} />
      <Panel {...part} title="Stage and owner">
        <p className="text-sm text-slate-700">
          Now: <StatusBadge status={lead.status} /> · Owner: {assignee?.name ?? 'Unassigned'}
        </p>
        {booking && (
          <p className="text-sm text-slate-700">
            Screening call: {formatDate(booking.start, booking.timeZone)} ({booking.timeZone}) ·{' '}
            {callState(booking)}
          </p>
        )}
        {screening?.map(({ question, answer }) => (
          <p key={question} className="text-sm text-slate-700">
            Screening question: {question} <strong>{answer === 'yes' ? 'Yes' : 'No'}</strong>
          </p>
        ))}
        {canWork && (
          <>
            <StatusForm {...form} status={lead.status} preview={personalPreview(lead)} />
            <AssigneeForm {...form} assignee={assignee} />
          </>
        )}
      </Panel>
      <Panel {...part} title="Notes">
        {canWork ? <NoteForm {...form} /> : null}
        <Notes timeline={detail.timeline} />
      </Panel>
      <Panel {...part} title="Answers">
        {answers.length > 0 ? (
          answers.map((group) => <FieldList key={group.title} group={group} />)
        ) : (
          <p className="text-sm text-slate-600">No answers yet.</p>
        )}
      </Panel>
      {kind === 'candidate' && (
        <Panel {...part} title="Possible duplicates">
          <PossibleDuplicates {...form} duplicates={duplicates} canMerge={canWork} />
        </Panel>
      )}
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
      <details className="rounded-lg border border-slate-200">
        <summary className="cursor-pointer rounded-lg px-4 py-3 text-base font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-accent-strong">
          Attribution and record
        </summary>
        <div className="grid gap-4 px-4 pb-4">
          {record.map((group) => (
            <FieldList key={group.title} group={group} />
          ))}
        </div>
      </details>
    </div>
  );
}

function DetailContent({ kind, id }: { kind: LeadKind; id: number }) {
  const query = useLeadDrawer(kind, id);
  const notFound = query.error instanceof ApiError && query.error.status === 404;
  const lead = query.data?.detail.lead;
  return (
    <>
      <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-6 py-4">
        <div>
          <Dialog.Title className="text-xl font-semibold text-slate-900">
            {lead?.who ?? leadName(kind, id)}
          </Dialog.Title>
          <Dialog.Description className="text-sm text-slate-600">
            {kind === 'company' ? 'Company lead' : 'Candidate lead'} #{id}
            {lead?.status ? ` · ${statusLabel(lead.status)}` : ''}
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
          <DetailBody drawer={query.data} />
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
