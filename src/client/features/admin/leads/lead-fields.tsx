import type { ReactNode } from 'react';
import {
  entriesOf,
  postedNames,
  type AnyFields,
  type DetailGroup,
  type FieldOptions,
} from '@shared/lead-field';
import { attributionFields, candidateFields, companyFields } from '@shared/lead-fields';
import type { SubmissionForm } from '@shared/lead-vocabulary';
import type { LeadDetail, SubmissionEntry } from '../api/lead-detail';
import { fullName, questionnaireStatus, type CandidateLead } from './leads';
import { formatDate } from '../ui/format';

/** A stored option value's label (the value itself if unknown); null without a value. */
export const labelOf = (options: FieldOptions, value: string | null) =>
  value ? (options.find((option) => option.value === value)?.label ?? value) : null;

export const muted = (value: string | null | undefined) =>
  value ? value : <span className="text-slate-500">—</span>;

/** Stored values are the forms' option values; the admin reads their labels. */
const optionsByColumn = Object.fromEntries(
  [...Object.values(candidateFields), ...Object.values(companyFields)].flatMap((field) =>
    'options' in field ? [[field.column, field.options as FieldOptions]] : [],
  ),
);

/** A detail group's fields in the contract's order, each with its value as the admin reads it. */
export const fieldsIn = (fields: AnyFields, group: DetailGroup) =>
  entriesOf(fields)
    .filter(([, field]) => field.group === group)
    .map(([name, field]) => ({
      ...field,
      value: (lead: object) => {
        const value = (lead as Record<string, string | null>)[name] ?? null;
        return field.options ? labelOf(field.options, value) : value;
      },
    }));

/** A group of the detail's fields: a heading and label/value pairs. */
interface FieldGroup {
  title: string;
  fields: [label: string, value: string | null][];
}

const pairs = (fields: ReturnType<typeof fieldsIn>, lead: object): FieldGroup['fields'] =>
  fields.map(({ label, value }) => [label, value(lead)]);

function candidateGroups(lead: CandidateLead): FieldGroup[] {
  return [
    {
      title: 'Contact',
      fields: [
        ['Name', fullName(lead.firstName, lead.lastName) || null],
        ...pairs(fieldsIn(candidateFields, 'contact'), lead),
      ],
    },
    { title: 'Application', fields: pairs(fieldsIn(candidateFields, 'application'), lead) },
    {
      title: 'Questionnaire',
      fields: [
        [candidateFields.isTypeformCandidate.label, lead.isTypeformCandidate ? 'Yes' : 'No'],
        [candidateFields.typeformCompleted.label, questionnaireStatus(lead)],
        ...pairs(fieldsIn(candidateFields, 'questionnaire'), lead),
      ],
    },
  ];
}

/** The attribution's labels, by the names a form sends them under (attributionSchema). */
const attributionLabels = Object.fromEntries(
  postedNames(attributionFields).map((field) => [field.name, field.label]),
);

const humanize = (name: string) =>
  name
    .replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase())
    .replace(/([A-Z])/g, ' $1')
    .replace(/^./, (letter) => letter.toUpperCase());

/** Every other field the server answers: the detail shows all that the lead gave. */
function otherGroup({ raw, lead }: LeadDetail): FieldGroup {
  // A company's own timeline travels as `hiringTimeline` beside the history (`timeline`).
  const shown = new Set([...Object.keys(lead), 'hiringTimeline']);
  const fields: FieldGroup['fields'] = [['Submitted', formatDate(lead.createdAt) || null]];
  for (const [key, value] of Object.entries(raw)) {
    if (shown.has(key) || value === null || value === undefined || value === '') continue;
    if (typeof value === 'object') continue;
    const text = /At$/.test(key) ? formatDate(String(value)) : String(value);
    fields.push([humanize(key), text]);
  }
  return { title: 'Record', fields };
}

export function detailGroups(detail: LeadDetail): FieldGroup[] {
  const own =
    detail.kind === 'candidate'
      ? candidateGroups(detail.lead)
      : [{ title: 'Company', fields: pairs(fieldsIn(companyFields, 'company'), detail.lead) }];
  // What merges kept of the other leads: with the lead's own contact.
  const kept = detail.secondaryContacts.map(({ value }) => value).join('\n');
  if (kept) own[0]?.fields.push(['Other contacts', kept]);
  const attribution = {
    title: 'Attribution',
    fields: pairs(fieldsIn(attributionFields, 'attribution'), detail.lead),
  };
  return [...own, attribution, otherGroup(detail)];
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

/** Each public form by what it asked (`leadForms` in src/shared/lead-vocabulary.ts). */
const formNames: Record<SubmissionForm, string> = {
  'candidate-email': 'E-mail form',
  'candidate-basic-info': 'Name and phone form',
  'candidate-application': 'Application form',
  'typeform-completed': 'Questionnaire completed',
  questionnaire: 'Questionnaire answers',
  'company-email': 'Company e-mail form',
  'company-request': 'Talent request form',
  'status-page': 'Correction on the status page',
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
              {formNames[entry.form as SubmissionForm] ?? entry.form}
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
