import type { SubmissionForm } from '@shared/lead-vocabulary';
import { statusLabel } from '@shared/lead-status';
import type { TimelineEntry } from '@shared/lead-history';
import type { LeadActivityTable } from '../records/pipeline-tables';
import { LEAD_CREATED } from '../records/lead-created';
import {
  PERSON_REMINDER,
  PERSON_STATUS_LINK,
  PERSON_STATUS_MESSAGE,
} from '../workflows/messages/person-mail';

/** What each public form is, in the admin's words. */
const formTexts: Record<SubmissionForm, string> = {
  'candidate-email': 'Left an e-mail address',
  'candidate-basic-info': 'Submitted name and phone',
  'candidate-application': 'Submitted the application',
  'typeform-completed': 'Completed the questionnaire',
  questionnaire: 'Submitted the questionnaire',
  'company-email': 'Left a work e-mail and company name',
  'company-request': 'Submitted the talent request',
  'status-page': 'Corrected their details on the status page',
};

/** Who acted, as a call's entry says it: the account by its name now, or the person. */
const byAccount = (activity: Activity) => (activity.name ? ` by ${activity.name}` : '');
const byWhom = (activity: Activity) =>
  activity.text === 'person' ? ' by the person' : byAccount(activity);

const fromPage = (page: string | null) => (page ? ` (${page})` : '');

/** The e-mails sent to the lead's person (outbox topics), in the admin's words. */
const personMessageTexts: Record<string, string> = {
  [LEAD_CREATED]: 'Confirmation e-mail sent to the person',
  [PERSON_REMINDER]: 'Reminder e-mail sent to the person',
  [PERSON_STATUS_LINK]: 'New status-page link e-mailed to the person',
  [PERSON_STATUS_MESSAGE]: 'Status message e-mailed to the person',
};

type Activity = Pick<LeadActivityTable, 'kind' | 'text' | 'from_status' | 'to_status'> & {
  created_at: string;
  /** The acting account's name (null: none, or not to be named). */
  name: string | null;
};

function activityText(activity: Activity): string {
  switch (activity.kind) {
    case 'status_changed':
      return `Status changed from ${statusLabel(activity.from_status ?? '')} to ${statusLabel(activity.to_status ?? '')}${byWhom(activity)}`;
    case 'email_sent':
      return activity.text === 'outbox'
        ? `Form e-mail saved to the outbox${byAccount(activity)}: no mail server is configured`
        : `Form e-mail sent${byAccount(activity)}`;
    case 'note':
      return activity.text ?? '';
    case 'reminders_stopped':
      return `Reminders stopped${byWhom(activity)}`;
    case 'opted_out':
      return `Opted out of sale and sharing: no more events to Meta${byWhom(activity)}`;
    case 'data_downloaded':
      return 'Downloaded their data';
    case 'opted_in':
      return `Opted back in to sale and sharing${byWhom(activity)}`;
    case 'merged':
      return `Lead #${activity.text ?? ''} merged into this lead${byWhom(activity)}`;
    case 'assigned':
      // Its text is a name: never the person's act.
      return `${activity.text === null ? 'Unassigned' : `Assigned to ${activity.text}`}${byAccount(activity)}`;
  }
}

/** The lead's timeline, oldest first; events of the same instant keep this order (stable sort). */
export function buildTimeline(
  lead: { created_at: string; source_page: string | null },
  submissions: { form: SubmissionForm; source_page: string | null; created_at: string }[],
  activity: Activity[],
  messages: { topic: string; sent_at: string | null }[],
): TimelineEntry[] {
  const entries: TimelineEntry[] = [
    { at: lead.created_at, kind: 'created', text: `Lead created${fromPage(lead.source_page)}` },
    ...submissions.map((submission) => ({
      at: submission.created_at,
      kind: 'submitted',
      text: `${formTexts[submission.form]}${fromPage(submission.source_page)}`,
    })),
    ...activity.map((entry) => ({
      at: entry.created_at,
      kind: entry.kind,
      text: activityText(entry),
      ...(entry.kind === 'note' ? { by: entry.name } : {}),
    })),
    ...messages.map((message) => ({
      at: message.sent_at ?? '',
      kind: 'email_sent',
      text: personMessageTexts[message.topic] ?? 'E-mail sent to the person',
    })),
  ];
  return entries.sort(byTime);
}

export const byTime = (a: { at: string }, b: { at: string }) =>
  a.at < b.at ? -1 : a.at > b.at ? 1 : 0;
