import type { ReactNode } from 'react';
import {
  availabilityOptions,
  contactCompanySizes,
  contactTimelines,
  educationLevels,
  hiringTimelines,
  relocationOptions,
  techExperienceLevels,
  yesNoOptions,
} from '@shared/enums';
import type { LeadDetail, SubmissionEntry } from '../api/lead-detail';
import {
  fullName,
  questionnaireStatus,
  type Attribution,
  type CandidateLead,
  type CompanyLead,
} from './leads';
import { formatDate } from '../ui/format';

type Options = readonly { value: string; label: string }[];

/** A stored option value's label (the value itself if unknown); null without a value. */
export const labelOf = (options: Options, value: string | null) =>
  value ? (options.find((option) => option.value === value)?.label ?? value) : null;

export const muted = (value: string | null | undefined) =>
  value ? value : <span className="text-slate-500">—</span>;

const allTimelines = [...hiringTimelines, ...contactTimelines];

/** Stored values are the forms' option values; the admin reads their labels. */
const optionsByColumn: Record<string, Options> = {
  education_level: educationLevels,
  tech_experience: techExperienceLevels,
  availability: availabilityOptions,
  full_time: yesNoOptions,
  relocation: relocationOptions,
  company_size: contactCompanySizes,
  timeline: allTimelines,
};

/** One field of a lead as the table and the detail show it; `className` is its table cell's. */
export interface LeadField<Lead> {
  label: string;
  value(lead: Lead): string | null;
  className?: string;
}

export const wide = 'min-w-56 px-4 py-3 text-slate-800';
export const nowrap = 'whitespace-nowrap px-4 py-3 text-slate-800';

/** A candidate's contact details, after the name. */
export const candidateContact: LeadField<CandidateLead>[] = [
  { label: 'Email', value: (lead) => lead.email },
  { label: 'Phone', value: (lead) => lead.phone, className: nowrap },
  { label: 'Location', value: (lead) => lead.location },
];

/** What the full application adds. */
export const candidateApplication: LeadField<CandidateLead>[] = [
  { label: 'Education', value: (lead) => labelOf(educationLevels, lead.educationLevel) },
  {
    label: 'Experience',
    value: (lead) => labelOf(techExperienceLevels, lead.techExperience),
    className: wide,
  },
  { label: 'Reason', value: (lead) => lead.reason, className: wide },
];

/** The built-in questionnaire's answers. */
export const questionnaireAnswers: LeadField<CandidateLead>[] = [
  { label: 'Availability', value: (lead) => labelOf(availabilityOptions, lead.availability) },
  { label: 'Full time', value: (lead) => labelOf(yesNoOptions, lead.fullTime) },
  { label: 'Relocation', value: (lead) => labelOf(relocationOptions, lead.relocation) },
  { label: 'Questionnaire location', value: (lead) => lead.questionnaireLocation },
  { label: 'Motivation', value: (lead) => lead.motivation, className: wide },
];

/** A group of the detail's fields: a heading and label/value pairs. */
interface FieldGroup {
  title: string;
  fields: [label: string, value: string | null][];
}

const pairs = <Lead,>(fields: LeadField<Lead>[], lead: Lead): FieldGroup['fields'] =>
  fields.map(({ label, value }) => [label, value(lead)]);

function candidateGroups(lead: CandidateLead): FieldGroup[] {
  return [
    {
      title: 'Contact',
      fields: [
        ['Name', fullName(lead.firstName, lead.lastName) || null],
        ...pairs(candidateContact, lead),
      ],
    },
    { title: 'Application', fields: pairs(candidateApplication, lead) },
    {
      title: 'Questionnaire',
      fields: [
        ['Typeform lead', lead.isQuestionnaireCandidate ? 'Yes' : 'No'],
        ['Questionnaire', questionnaireStatus(lead)],
        ...pairs(questionnaireAnswers, lead),
      ],
    },
  ];
}

const companyGroup = (lead: CompanyLead): FieldGroup => ({
  title: 'Company',
  fields: [
    ['Company', lead.companyName],
    ['Contact name', lead.contactName],
    ['Title', lead.title],
    ['Email', lead.email],
    ['Company size', labelOf(contactCompanySizes, lead.companySize)],
    ['Timeline', labelOf(allTimelines, lead.timeline)],
    ['Talent needs', lead.talentNeeds],
    ['Comments', lead.comments],
  ],
});

/** The attribution's labels, by the names a form sends them under (attributionSchema). */
const attributionLabels: Record<string, string> = {
  page: 'Source page',
  variant: 'Landing variant',
  utmSource: 'UTM source',
  utmMedium: 'UTM medium',
  utmCampaign: 'UTM campaign',
  utmTerm: 'UTM term',
  utmContent: 'UTM content',
  referrer: 'Referrer',
  fbclid: 'Meta click id (fbclid)',
};

/** The lead's names of the two attribution fields the forms name otherwise. */
const leadKeys: Record<string, keyof Attribution> = {
  page: 'sourcePage',
  variant: 'landingVariant',
};

const attributionGroup = (lead: Attribution): FieldGroup => ({
  title: 'Attribution',
  fields: Object.entries(attributionLabels).map(([key, label]) => [
    label,
    lead[leadKeys[key] ?? (key as keyof Attribution)],
  ]),
});

/** Fields of the answer shown above under another name, or elsewhere in the detail. */
const SHOWN_ELSEWHERE =
  'submittedAt typeformCompleted isTypeformCandidate company name hiringNeeds hiringTimeline timeline message history submissions';
const camel = (name: string) =>
  name.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
const humanize = (name: string) =>
  camel(name)
    .replace(/([A-Z])/g, ' $1')
    .replace(/^./, (letter) => letter.toUpperCase());

/** Every other field the server answers: the detail shows all that the lead gave. */
function otherGroup({ raw, lead }: LeadDetail): FieldGroup {
  const shown = new Set([...Object.keys(lead), ...SHOWN_ELSEWHERE.split(' ')]);
  const fields: FieldGroup['fields'] = [['Submitted', formatDate(lead.createdAt) || null]];
  for (const [key, value] of Object.entries(raw)) {
    if (shown.has(camel(key)) || value === null || value === undefined || value === '') continue;
    if (typeof value === 'object') continue;
    const text = /At$/.test(camel(key)) ? formatDate(String(value)) : String(value);
    fields.push([humanize(key), text]);
  }
  return { title: 'Record', fields };
}

export function detailGroups(detail: LeadDetail): FieldGroup[] {
  const own =
    detail.kind === 'candidate' ? candidateGroups(detail.lead) : [companyGroup(detail.lead)];
  return [...own, attributionGroup(detail.lead), otherGroup(detail)];
}

/** Label/value pairs as a description list; long answers keep their line breaks. */
function FieldDescriptions({ fields }: Pick<FieldGroup, 'fields'>): ReactNode {
  return (
    <dl className="mt-2 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
      {fields.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-medium text-slate-700">{label}</dt>
          <dd className="whitespace-pre-line break-words text-slate-900">{muted(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** One group as a heading and its description list. */
export function FieldList({ group }: { group: FieldGroup }): ReactNode {
  return (
    <section aria-labelledby={`group-${group.title}`}>
      <h3 id={`group-${group.title}`} className="text-base font-semibold text-slate-900">
        {group.title}
      </h3>
      <FieldDescriptions fields={group.fields} />
    </section>
  );
}

/** Each public form by what it asked (platform/lead-records/lead-submissions.ts names them). */
const formNames: Record<string, string> = {
  'candidate-email': 'E-mail form',
  'candidate-basic-info': 'Name and phone form',
  'candidate-application': 'Application form',
  'typeform-completed': 'Questionnaire completed',
  questionnaire: 'Questionnaire answers',
  'company-email': 'Company e-mail form',
  'company-request': 'Talent request form',
};

function submittedFields(entry: SubmissionEntry): [string, string | null][] {
  const fields: [string, string | null][] = Object.entries(entry.fields ?? {}).map(
    ([column, value]) => {
      const options = optionsByColumn[column];
      return [humanize(column), options ? labelOf(options, value) : value || null];
    },
  );
  for (const [key, value] of Object.entries(entry.attribution ?? {})) {
    if (key === 'page' || value === null || value === undefined || value === '') continue;
    fields.push([attributionLabels[key] ?? humanize(key), String(value)]);
  }
  return [['Page', entry.sourcePage], ...fields];
}

/** Every form the lead sent, oldest first, each with what it said as it came. */
export function SubmissionHistory({ submissions }: { submissions: SubmissionEntry[] }) {
  if (submissions.length === 0) return <p className="text-sm text-slate-600">None recorded.</p>;
  return (
    <ol className="grid gap-2">
      {submissions.map((entry, index) => (
        <li key={`${entry.at}-${index}`} className="rounded-lg border border-slate-200">
          <details>
            <summary className="cursor-pointer rounded-lg px-3 py-2 text-sm font-medium text-slate-900 focus-visible:outline-2 focus-visible:outline-accent-strong">
              {formNames[entry.form] ?? entry.form}
              <span className="font-normal text-slate-700">
                {' · '}
                <time dateTime={entry.at}>{formatDate(entry.at)}</time>
                {entry.verified === false ? ' · Not verified: sent without the person’s proof' : ''}
              </span>
            </summary>
            <div className="px-3 pb-3">
              <FieldDescriptions fields={submittedFields(entry)} />
            </div>
          </details>
        </li>
      ))}
    </ol>
  );
}
