import type { ReactNode } from 'react';
import { entriesOf, postedNames, type AnyFields, type FieldOptions } from '@shared/lead-field';
import { attributionFields, candidateFields, companyFields } from '@shared/lead-fields';
import type { SubmissionForm } from '@shared/lead-vocabulary';
import type { LeadDetail, SubmissionEntry } from '../../api/lead-detail';
import { formatDate } from '../../ui/format';
import { fieldsIn, labelOf } from '../lead-fields';
import { questionnaireStatus } from '../leads';

/* The drawer's fields, each group derived from src/shared/lead-fields.ts; empty rows are left out. */

/** A group of the detail's fields: a heading and label/value pairs. */
export interface FieldGroup {
  title: string;
  fields: [label: string, value: string | null][];
}

const filled = (fields: FieldGroup['fields']) => fields.filter(([, value]) => value);

const pairs = (fields: ReturnType<typeof fieldsIn>, lead: object): FieldGroup['fields'] =>
  filled(fields.map(({ label, value }) => [label, value(lead)]));

/** The fields a person is reached by (an e-mail, a phone): the contact card shows them as links. */
export const contactFieldsOf = (fields: AnyFields) =>
  entriesOf(fields).filter(([, field]) => field.contact);

export const fieldsOfKind = { candidate: candidateFields, company: companyFields };

const answerParts = {
  candidate: { Application: 'application', Questionnaire: 'questionnaire' },
  company: { Company: 'company' },
} as const;

/** What the person answered (the contact card shows the ways to reach them). */
export const answerGroups = ({ kind, lead }: LeadDetail): FieldGroup[] =>
  Object.entries(answerParts[kind])
    .map(([title, group]) => ({
      title,
      fields: pairs(
        fieldsIn(fieldsOfKind[kind], group).filter((field) => !field.contact),
        lead,
      ),
    }))
    .filter((group) => group.fields.length > 0);

const humanize = (name: string) =>
  name
    .replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase())
    .replace(/([A-Z])/g, ' $1')
    .replace(/^./, (letter) => letter.toUpperCase());

/** Every other field the server answers (internal ones too), and where the lead came from. */
export function recordGroups(detail: LeadDetail): FieldGroup[] {
  const { raw, lead } = detail;
  // A company's own timeline travels as `hiringTimeline` beside the history (`timeline`).
  const shown = new Set([...Object.keys(lead), 'hiringTimeline']);
  const fields: FieldGroup['fields'] = [['Submitted', formatDate(lead.createdAt) || null]];
  if (detail.kind === 'candidate') {
    const { isTypeformCandidate, typeformCompleted } = candidateFields;
    fields.push([isTypeformCandidate.label, detail.lead.isTypeformCandidate ? 'Yes' : 'No']);
    fields.push([typeformCompleted.label, questionnaireStatus(detail.lead)]);
  }
  for (const [key, value] of Object.entries(raw)) {
    if (shown.has(key) || value === null || value === undefined || value === '') continue;
    if (typeof value === 'object') continue;
    const text = /At$/.test(key) ? formatDate(String(value)) : String(value);
    fields.push([humanize(key), text]);
  }
  const attribution = pairs(fieldsIn(attributionFields, 'attribution'), lead);
  return [
    { title: 'Attribution', fields: attribution },
    { title: 'Record', fields: filled(fields) },
  ].filter((group) => group.fields.length > 0);
}

/** Label/value pairs as a description list; long answers keep their line breaks. */
export function FieldDescriptions({ fields }: Pick<FieldGroup, 'fields'>): ReactNode {
  return (
    <dl className="mt-2 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
      {fields.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-medium text-slate-700">{label}</dt>
          <dd className="whitespace-pre-line break-words text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function FieldList({ group }: { group: FieldGroup }): ReactNode {
  return (
    <section aria-labelledby={`group-${group.title}`}>
      <h4 id={`group-${group.title}`} className="text-base font-semibold text-slate-900">
        {group.title}
      </h4>
      <FieldDescriptions fields={group.fields} />
    </section>
  );
}

/** Stored values are the forms' option values; the admin reads their labels. */
const optionsByColumn = Object.fromEntries(
  [...Object.values(candidateFields), ...Object.values(companyFields)].flatMap((field) =>
    'options' in field ? [[field.column, field.options as FieldOptions]] : [],
  ),
);

/** The attribution's labels, by the names a form sends them under (attributionSchema). */
const attributionLabels = Object.fromEntries(
  postedNames(attributionFields).map((field) => [field.name, field.label]),
);

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

/** A form's value of `column` as the admin reads it. */
export const shownValue = (column: string, value: string | null) => {
  const options = optionsByColumn[column];
  return options ? labelOf(options, value) : value || null;
};

function submittedFields(entry: SubmissionEntry): [string, string | null][] {
  const fields: [string, string | null][] = Object.entries(entry.fields ?? {}).map(
    ([column, value]) => [humanize(column), shownValue(column, value)],
  );
  for (const [key, value] of Object.entries(entry.attribution ?? {})) {
    if (key === 'page' || value === null || value === undefined || value === '') continue;
    fields.push([attributionLabels[key] ?? humanize(key), String(value)]);
  }
  return filled([['Page', entry.sourcePage], ...fields]);
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
                {entry.verified === false ? ' · From a browser we could not confirm' : ''}
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
