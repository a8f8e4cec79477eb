import type { ReactNode } from 'react';
import {
  contactCompanySizes,
  contactTimelines,
  educationLevels,
  hiringTimelines,
  techExperienceLevels,
} from '@shared/enums';
import {
  availabilityOptions,
  relocationOptions,
  yesNoOptions,
} from '@shared/schemas/questionnaire';
import type { LeadDetail } from './api/lead-detail';
import { labelOf, muted } from './columns';
import {
  formatDate,
  fullName,
  questionnaireStatus,
  type Attribution,
  type CandidateLead,
  type CompanyLead,
} from './leads';

/** Stored values are the forms' option values; the admin reads their labels. */
export const optionsByColumn: Record<string, readonly { value: string; label: string }[]> = {
  education_level: educationLevels,
  tech_experience: techExperienceLevels,
  availability: availabilityOptions,
  full_time: yesNoOptions,
  relocation: relocationOptions,
  company_size: contactCompanySizes,
  timeline: [...hiringTimelines, ...contactTimelines],
};

/** A group of the detail's fields: a heading and label/value pairs. */
interface FieldGroup {
  title: string;
  fields: [label: string, value: string | null][];
}

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

function candidateGroups(lead: CandidateLead): FieldGroup[] {
  return [
    {
      title: 'Contact',
      fields: [
        ['Name', fullName(lead.firstName, lead.lastName) || null],
        ['Email', lead.email],
        ['Phone', lead.phone],
        ['Location', lead.location],
      ],
    },
    {
      title: 'Application',
      fields: [
        ['Education', labelOf(educationLevels, lead.educationLevel) || null],
        ['Experience', labelOf(techExperienceLevels, lead.techExperience) || null],
        ['Reason', lead.reason],
      ],
    },
    {
      title: 'Questionnaire',
      fields: [
        ['Typeform lead', yesNo(lead.isQuestionnaireCandidate)],
        ['Questionnaire', questionnaireStatus(lead)],
        ['Availability', labelOf(availabilityOptions, lead.availability) || null],
        ['Full time', labelOf(yesNoOptions, lead.fullTime) || null],
        ['Relocation', labelOf(relocationOptions, lead.relocation) || null],
        ['Questionnaire location', lead.questionnaireLocation],
        ['Motivation', lead.motivation],
      ],
    },
  ];
}

function companyGroups(lead: CompanyLead): FieldGroup[] {
  return [
    {
      title: 'Company',
      fields: [
        ['Company', lead.companyName],
        ['Contact name', lead.contactName],
        ['Title', lead.title],
        ['Email', lead.email],
        ['Company size', labelOf(contactCompanySizes, lead.companySize) || null],
        ['Timeline', labelOf([...hiringTimelines, ...contactTimelines], lead.timeline) || null],
        ['Talent needs', lead.talentNeeds],
        ['Comments', lead.comments],
      ],
    },
  ];
}

/** The attribution's labels, by the names a form sends them under (attributionSchema). */
export const attributionLabels: Record<string, string> = {
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

const attributionGroup = (lead: Attribution): FieldGroup => ({
  title: 'Attribution',
  fields: [
    [attributionLabels.page!, lead.sourcePage],
    [attributionLabels.variant!, lead.landingVariant],
    [attributionLabels.utmSource!, lead.utmSource],
    [attributionLabels.utmMedium!, lead.utmMedium],
    [attributionLabels.utmCampaign!, lead.utmCampaign],
    [attributionLabels.utmTerm!, lead.utmTerm],
    [attributionLabels.utmContent!, lead.utmContent],
    [attributionLabels.referrer!, lead.referrer],
    [attributionLabels.fbclid!, lead.fbclid],
  ],
});

/** What the groups above already show, in either spelling, and what is shown elsewhere. */
const SHOWN = new Set([
  'id',
  'status',
  'timeline',
  'createdAt',
  'submittedAt',
  'email',
  'firstName',
  'lastName',
  'phone',
  'location',
  'educationLevel',
  'techExperience',
  'reason',
  'typeformCompleted',
  'isTypeformCandidate',
  'availability',
  'fullTime',
  'relocation',
  'questionnaireLocation',
  'motivation',
  'companyName',
  'company',
  'contactName',
  'name',
  'title',
  'companySize',
  'talentNeeds',
  'hiringNeeds',
  'hiringTimeline',
  'history',
  'submissions',
  'timeline',
  'comments',
  'message',
  'sourcePage',
  'landingVariant',
  'utmSource',
  'utmMedium',
  'utmCampaign',
  'utmTerm',
  'utmContent',
  'referrer',
  'fbclid',
]);
const camel = (name: string) =>
  name.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
export const humanize = (name: string) =>
  camel(name)
    .replace(/([A-Z])/g, ' $1')
    .replace(/^./, (letter) => letter.toUpperCase());

/**
 * Every other field the server answers (the record's type and stage, its update time, any
 * field added later): the detail shows all that the lead gave, not only what we know of.
 */
function otherGroup(raw: Record<string, unknown>): FieldGroup {
  const fields: FieldGroup['fields'] = [];
  for (const [key, value] of Object.entries(raw)) {
    if (SHOWN.has(camel(key)) || value === null || value === undefined || value === '') continue;
    if (typeof value === 'object') continue;
    const text = /At$/.test(camel(key)) ? formatDate(String(value)) : String(value);
    fields.push([humanize(key), text]);
  }
  return { title: 'Record', fields };
}

export function detailGroups(detail: LeadDetail): FieldGroup[] {
  const own =
    detail.kind === 'candidate' ? candidateGroups(detail.lead) : companyGroups(detail.lead);
  const record = otherGroup(detail.raw);
  record.fields.unshift(['Submitted', formatDate(detail.lead.createdAt) || null]);
  return [...own, attributionGroup(detail.lead), record];
}

/** Label/value pairs as a description list; long answers keep their line breaks. */
export function FieldDescriptions({ fields }: Pick<FieldGroup, 'fields'>): ReactNode {
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
