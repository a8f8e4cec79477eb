import type { StatusLead } from '@shared/person-status';
import type { CandidateListRow, CompanyListRow } from '../../records/listing-tables';
import type { LeadRef } from './lead-proof';
import { STATUS_PATH } from './status-link';

/** Once the team has moved a lead on, its status says more than its stage. */
const STATUS_WORDS: Record<string, string> = {
  contacted: 'Our team has been in touch with you.',
  qualified: 'You are qualified for the training.',
  enrolled: 'You are enrolled in the training.',
  placed: 'You have been placed with a partner company.',
  in_discussion: 'We are in discussion with you about your hiring needs.',
  partner: 'You are one of our hiring partners.',
  not_a_fit: 'We could not take this further for now.',
  withdrawn: 'You have withdrawn. We will not contact you again.',
};

const step = (text: string, label: string, next: string, ref: string) => ({
  text,
  label,
  href: `${STATUS_PATH}?next=${next}&lead=${ref}`,
});

function candidateWords(row: CandidateListRow, ref: string) {
  if (row.stage === 'application')
    return { stage: 'Your application is with our admissions team.', next: null };
  if (row.stage === 'questionnaire' && row.questionnaire_completed === 1)
    return { stage: 'You have completed the questionnaire.', next: null };
  if (row.stage === 'questionnaire')
    return {
      stage: 'You have started your application: the questionnaire is still open.',
      next: step(
        'Finish the questionnaire: a few short questions.',
        'Finish the questionnaire',
        'questionnaire',
        ref,
      ),
    };
  return {
    stage: 'You left us your e-mail address: your application is not sent yet.',
    next: step(
      'Finish your application: it takes about two minutes.',
      'Finish my application',
      'apply',
      ref,
    ),
  };
}

function companyWords(row: CompanyListRow, ref: string) {
  if (row.stage === 'request')
    return {
      stage:
        'Your talent request is with us. A talent specialist will contact you within 1 business day.',
      next: null,
    };
  return {
    stage: 'You asked us for talent information.',
    next: step('Tell us about your hiring needs.', 'Request talent information', 'hiring', ref),
  };
}

/** What a person may correct on the page: form field -> column. */
export const detailColumns = {
  candidates: {
    firstName: 'first_name',
    lastName: 'last_name',
    phone: 'phone',
    location: 'location',
  },
  companies: { name: 'contact_name', title: 'title', company: 'company_name' },
} as const;

export function statusLead(
  lead: LeadRef,
  ref: string,
  row: CandidateListRow | CompanyListRow,
): StatusLead {
  const candidate = lead.table === 'candidates';
  const words = candidate
    ? candidateWords(row as CandidateListRow, ref)
    : companyWords(row as CompanyListRow, ref);
  const status = STATUS_WORDS[row.status];
  const values = row as unknown as Record<string, string | null>;
  const details = Object.fromEntries(
    Object.entries(detailColumns[lead.table]).map(([field, column]) => [
      field,
      values[column] ?? '',
    ]),
  );
  return {
    ref,
    kind: candidate ? 'candidate' : 'company',
    email: row.email,
    details,
    stage: status ?? words.stage,
    // A lead the team has moved on, or withdrawn, has no step left to finish.
    next: status ? null : words.next,
    remindersStopped: row.reminders_stopped_at !== null,
    withdrawn: row.status === 'withdrawn',
  };
}
