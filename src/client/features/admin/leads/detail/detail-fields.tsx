import type { ReactNode } from 'react';
import { clsx } from 'clsx';
import { postedNames, type LeadField } from '@shared/lead-field';
import { attributionFields, candidateFields, companyFields } from '@shared/lead-fields';
import { formName } from '@shared/lead-vocabulary';
import type { SubmissionEntry } from '@shared/lead-history';
import type { LeadDetail } from '../../api/lead-detail';
import { formatDate } from '../../ui/format';
import { fieldsIn, shownValue } from '../lead-fields';
import { questionnaireStatus } from '../leads';

/* The drawer's fields, each group derived from src/shared/lead-fields.ts; empty rows are left out. */

type FieldGroup = { title: string; fields: [label: string, value: ReactNode][] };

export const filled = (fields: FieldGroup['fields']) => fields.filter(([, value]) => value);

const pairs = (fields: ReturnType<typeof fieldsIn>, lead: object): FieldGroup['fields'] =>
  filled(fields.map(({ label, value }) => [label, value(lead)]));

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
  const fields: FieldGroup['fields'] = [['Submitted', formatDate(lead.createdAt)]];
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
export function FieldDescriptions({
  fields,
  flush,
}: Pick<FieldGroup, 'fields'> & { flush?: boolean }): ReactNode {
  return (
    <dl className={clsx(!flush && 'mt-2', 'grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]')}>
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

/** The lead fields by stored column: a form's values read as the admin reads the lead's. */
const leadFields: LeadField[] = [
  ...Object.values(candidateFields),
  ...Object.values(companyFields),
];
const fieldByColumn = Object.fromEntries(leadFields.map((one) => [one.column, one]));

/** The attribution's labels, by the names a form sends them under (attributionSchema). */
const attributionLabels = Object.fromEntries(
  postedNames(attributionFields).map((field) => [field.name, field.label]),
);

function submittedFields(entry: SubmissionEntry): FieldGroup['fields'] {
  const fields: FieldGroup['fields'] = Object.entries(entry.fields ?? {}).map(([column, value]) => [
    humanize(column),
    shownValue(fieldByColumn[column] ?? {}, value),
  ]);
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
              {formName(entry.form)}
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
