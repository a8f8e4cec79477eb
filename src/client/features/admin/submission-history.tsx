import type { SubmissionEntry } from './api/lead-detail';
import {
  attributionLabels,
  FieldDescriptions,
  humanize,
  labelOf,
  optionsByColumn,
} from './lead-fields';
import { formatDate } from './leads';

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

/**
 * Every form the lead sent, oldest first, each with what it said as it came: a later form
 * updates the lead's summary above, and this keeps what the earlier ones said.
 */
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
