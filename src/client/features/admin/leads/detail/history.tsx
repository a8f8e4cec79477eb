import type { LeadConversion } from '@shared/admin-deliveries';
import type { TimelineEntry } from '@shared/lead-history';
import { formatDate } from '../../ui/format';

const kindLabel: Record<string, string> = {
  created: 'Created',
  submitted: 'Submitted',
  email_sent: 'E-mail',
  status_changed: 'Status',
  reminders_stopped: 'Reminders',
  opted_out: 'Privacy',
  data_downloaded: 'Privacy',
  opted_in: 'Privacy',
  merged: 'Merged',
  assigned: 'Assignee',
  call: 'Call',
};

/** The team's notes, newest first: what a recruiter reads before calling. */
export function Notes({ timeline }: { timeline: TimelineEntry[] }) {
  const notes = timeline.filter((entry) => entry.kind === 'note').reverse();
  if (notes.length === 0) return <p className="text-sm text-slate-600">No notes yet.</p>;
  return (
    <ol aria-label="Notes, newest first" className="grid gap-3">
      {notes.map((note, index) => (
        <li key={`${note.at}-${index}`} className="rounded-lg bg-slate-50 p-3 text-sm">
          <p className="text-slate-600">
            <time dateTime={note.at}>{formatDate(note.at)}</time>
            {note.by && ` by ${note.by}`}
          </p>
          <p className="mt-1 whitespace-pre-line break-words text-slate-900">{note.text}</p>
        </li>
      ))}
    </ol>
  );
}

/** The lead's history, oldest first; its notes show once, in their own panel (`Notes`). */
export function Timeline({ entries }: { entries: TimelineEntry[] }) {
  const shown = entries.filter((entry) => entry.kind !== 'note');
  if (shown.length === 0) return <p className="text-sm text-slate-600">Nothing yet.</p>;
  return (
    <ol className="grid gap-3 border-l-2 border-slate-200 pl-4">
      {shown.map((entry, index) => (
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

const stateOf = (entry: LeadConversion) =>
  entry.state === 'pending' && entry.error ? 'Retrying' : stateLabels[entry.state];

export function ConversionEvents({ conversions }: { conversions: LeadConversion[] }) {
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
