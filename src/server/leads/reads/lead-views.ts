import { entriesOf, type AnyFields, type FieldValues } from '@shared/lead-field';
import { attributionFields, candidateFields, companyFields } from '@shared/lead-fields';
import type { LeadEmailRow } from './lead-listing';
import type { CandidateListRow, CompanyListRow } from '../records/listing-tables';

/* What the admin endpoints answer: the spec's camelCase names, booleans, blanks as null. */

function fieldsView<Fields extends AnyFields>(fields: Fields) {
  const entries = entriesOf(fields);
  return (row: object) => {
    const view: Record<string, unknown> = {};
    const values = row as Record<string, unknown>;
    for (const [name, field] of entries) {
      view[name] = field.kind === 'flag' ? values[field.column] === 1 : values[field.column];
    }
    return view as FieldValues<Fields>;
  };
}

const attributionView = fieldsView(attributionFields);
const candidateFieldsView = fieldsView(candidateFields);
const companyFieldsView = fieldsView(companyFields);

const assigneeView = (row: Pick<CandidateListRow, 'assignee_id' | 'assignee_name'>) =>
  row.assignee_id === null ? null : { id: row.assignee_id, name: row.assignee_name ?? '' };

/** What every lead has besides its contract fields, in both tables. */
const leadView = (row: CandidateListRow | CompanyListRow) => ({
  id: row.id,
  leadType: row.lead_type,
  stage: row.stage,
  status: row.status,
  ...attributionView(row),
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  lastActivityAt: row.activity_at,
  unverifiedForms: row.unverified_forms,
  submissionsNotKept: row.submissions_not_kept,
  assignee: assigneeView(row),
});

export const candidateView = (row: CandidateListRow) => ({
  ...leadView(row),
  ...candidateFieldsView(row),
});

export const companyView = (row: CompanyListRow) => ({
  ...leadView(row),
  ...companyFieldsView(row),
});

/** Where a lead came from, as its summaries (a board card, a lead e-mail) show it. */
const { sourcePage, landingVariant, utmSource, utmCampaign } = attributionFields;
const sourceFields = { sourcePage, landingVariant, utmSource };
export const sourceView = fieldsView(sourceFields);
const leadEmailFields = { ...sourceFields, utmCampaign };
const leadEmailSourceView = fieldsView(leadEmailFields);

export const leadEmailView = (row: LeadEmailRow) => ({
  id: row.id,
  type: row.kind,
  email: row.email,
  status: row.status,
  ...leadEmailSourceView(row),
  createdAt: row.created_at,
  lastActivityAt: row.activity_at,
  assignee: assigneeView(row),
});

const jsonTypes = { text: ['string', 'null'], flag: 'boolean', email: 'string' };
const fieldsSchema = (fields: AnyFields) =>
  Object.fromEntries(
    entriesOf(fields).map(([name, field]) => [name, { type: jsonTypes[field.kind ?? 'text'] }]),
  );

const assigneeSchema = {
  type: ['object', 'null'],
  properties: { id: { type: 'integer' }, name: { type: 'string' } },
} as const;

const common = {
  id: { type: 'integer' },
  leadType: { type: 'string' },
  stage: { type: 'string' },
  status: { type: 'string' },
  createdAt: { type: 'string' },
  updatedAt: { type: 'string' },
  lastActivityAt: { type: 'string' },
  unverifiedForms: { type: 'integer' },
  submissionsNotKept: { type: 'integer' },
  assignee: assigneeSchema,
  ...fieldsSchema(attributionFields),
};

/** The admin's answer for a candidate or a company: every field it declares, none dropped. */
export const candidateSchema = {
  type: 'object',
  properties: { ...common, ...fieldsSchema(candidateFields) },
} as const;
export const companySchema = {
  type: 'object',
  properties: { ...common, ...fieldsSchema(companyFields) },
} as const;

export const sourceSchema = fieldsSchema(sourceFields);

export const leadEmailSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    type: { type: 'string' },
    email: { type: 'string' },
    status: { type: 'string' },
    ...fieldsSchema(leadEmailFields),
    createdAt: { type: 'string' },
    lastActivityAt: { type: 'string' },
    assignee: assigneeSchema,
  },
} as const;
