import { NOTHING_TO_DO, type NextStep, type StatusLead } from '@shared/person-status';
import { postedBy } from '@shared/lead-field';
import { companyFields } from '@shared/lead-fields';
import { closingStatuses, leadStatuses, statusLabel } from '@shared/lead-status';
import type { CandidateListRow, CompanyListRow } from '../../records/listing-tables';
import { leadTypeOf, type LeadRef } from '../../records/lead-tables';
import { openStep } from '../messages/candidate-reminders';
import { leadRefText } from './lead-proof';
import { STATUS_PATH } from './status-link';

/* Where a person stands, in words: the status page's and the messages' one source. */

type LeadRow = CandidateListRow | CompanyListRow;

/** What the candidate may do on /book now (the bookings' answer): `move` (or cancel) their call
    ahead, `book` a time (none held, or theirs missed), or nothing; `when`: the call they hold, as
    their e-mails say its time. */
export type CallOffer = (
  candidateId: number,
) => Promise<{ offer: 'move' | 'book' | false; when?: string | undefined }>;

/** What the open step depends on; a candidate's row also has its questionnaire flags. */
type StepRow = { status: string; stage: string };

/** The step still open: none once the team has moved the lead on, or it withdrew. */
export function openStepOf(table: LeadRef['table'], row: StepRow): NextStep | undefined {
  if (row.status !== 'new') return undefined;
  if (table === 'companies') return row.stage === 'email' ? 'hiring' : undefined;
  return openStep(row as CandidateListRow);
}

/** Where a lead the team has moved on stands (none while it is `new`): more than its stage. */
export const statusWords: Record<string, string | undefined> = {
  contacted: 'Our team has been in touch with you.',
  qualified: 'You are qualified for the training.',
  enrolled: 'You are enrolled in the training.',
  placed: 'You have been placed with a partner company.',
  in_discussion: 'We are in discussion with you about your hiring needs.',
  partner: 'You are one of our hiring partners.',
  not_a_fit: 'We could not take this further for now.',
  withdrawn: 'You have withdrawn. We will not contact you again.',
};

/** Statuses where the next move is ours: only there do we say we will be in touch. */
const AWAITING_US = new Set(['new', 'contacted', 'qualified', 'in_discussion']);
/** Whether the screening call is still ahead: not once enrolled, placed or closed. */
export const awaitsUs = (status: string) => AWAITING_US.has(status);

const closing = new Set<string>(closingStatuses.map((status) => status.value));
/** A candidate's words once no call is theirs to book, as /status offers none then: closed
    (withdrawn, not a fit) or past the call (enrolled, placed); undefined while it is ahead. */
export const noCallWords = (status: string) => (awaitsUs(status) ? undefined : statusWords[status]);
/** The road of each kind of lead, as the page draws it: its statuses but the closing ones. */
const ROADS = {
  candidates: { first: 'Applied', statuses: leadStatuses.candidate },
  companies: { first: 'Requested', statuses: leadStatuses.company },
} as const;

/** Each stage of the road and whether the lead got there; null once closed (the stage says so). */
function progressOf(table: LeadRef['table'], row: LeadRow, open: boolean): StatusLead['progress'] {
  const { first, statuses } = ROADS[table];
  const road = statuses.map((status) => status.value).filter((value) => !closing.has(value));
  const at = road.indexOf(row.status);
  if (at < 0) return null;
  return road.map((status, index) => ({
    label: index === 0 ? first : statusLabel(status),
    // The first stage counts once nothing is left to send us (or the team moved the lead on).
    reached: index < at || (index === at && (index > 0 || !open)),
  }));
}

const STEP_WORDS: Record<NextStep, { text: string; label: string }> = {
  apply: {
    text: 'Finish your application: it takes about two minutes.',
    label: 'Finish my application',
  },
  questionnaire: {
    text: 'Finish the questionnaire: a few short questions.',
    label: 'Finish the questionnaire',
  },
  hiring: { text: 'Tell us about your hiring needs.', label: 'Request talent information' },
};

function stageWords(table: LeadRef['table'], row: LeadRow, step: NextStep | undefined): string {
  if (table === 'companies') {
    return row.stage === 'request'
      ? 'Your talent request is with us. A talent specialist will contact you within 1 business day.'
      : 'You asked us for talent information.';
  }
  if (step === 'questionnaire')
    return 'You have started your application: the questionnaire is still open.';
  if (step === 'apply') return 'You left us your e-mail address: your application is not sent yet.';
  return row.stage === 'application'
    ? 'Your application is with our admissions team.'
    : 'You have completed the questionnaire.';
}

/** The form whose fields a company corrects: its talent request once sent, else /companies'. */
export const companyForm = (stage: string) =>
  stage === 'request' ? ('company-request' as const) : ('company-email' as const);

/** What a person may correct, form field -> column: a company's every field of the form it sent. */
export function detailColumns(table: LeadRef['table'], stage: string): Record<string, string> {
  if (table === 'candidates')
    return { firstName: 'first_name', lastName: 'last_name', phone: 'phone', location: 'location' };
  const fields = postedBy(companyFields, companyForm(stage));
  return Object.fromEntries(fields.map(({ name, column }) => [name, column]));
}

export function statusLead(
  [lead, row]: [LeadRef, LeadRow],
  otherContacts: string[] = [],
): StatusLead {
  const ref = leadRefText(lead);
  const step = openStepOf(lead.table, row);
  const values = { ...(row as unknown as Record<string, string | null>) };
  // The questionnaire's "Where do you live?" is the location until one is given (as match keys).
  values.location ??= values.questionnaire_location ?? null;
  const columns = Object.entries(detailColumns(lead.table, row.stage));
  const details = Object.fromEntries(
    columns.map(([field, column]) => [field, values[column] ?? '']),
  );
  return {
    ref,
    kind: leadTypeOf(lead.table),
    email: row.email,
    otherContacts,
    details,
    stage: statusWords[row.status] ?? stageWords(lead.table, row, step),
    next: step ? { ...STEP_WORDS[step], href: `${STATUS_PATH}?next=${step}&lead=${ref}` } : null,
    outlook: !step && awaitsUs(row.status) ? NOTHING_TO_DO : null,
    progress: progressOf(lead.table, row, step !== undefined),
    remindersStopped: row.reminders_stopped_at !== null,
    withdrawn: row.status === 'withdrawn',
  };
}
