import type { AnyFields, LeadField } from '@shared/lead-field';
import { attributionFields, candidateFields, companyFields } from '@shared/lead-fields';

export const columnsOf = <Kind extends LeadField['kind']>(fields: AnyFields, kind: Kind) =>
  Object.values(fields)
    .filter((field) => (field.kind ?? 'text') === kind)
    .map((field) => field.column);

export const attributionColumns = columnsOf(attributionFields, 'text');

/** The lead has a touch: any attribution column set (decision 010: first touch as a whole). */
export const hasTouch = (lead: Record<string, unknown>) =>
  attributionColumns.some((column) => lead[column] !== null);

/** Every lead table's own columns (the migrations list theirs literally, frozen). */
const recordColumns = [
  'id',
  'email',
  'email_normalized',
  'stage',
  'created_at',
  'updated_at',
  'reminders_stopped_at',
  'proof_issued',
  'unverified_forms',
  'submissions_not_kept',
] as const;

export const leadRecordColumns = {
  candidates: [
    ...recordColumns,
    ...attributionColumns,
    ...columnsOf(candidateFields, 'text'),
    ...columnsOf(candidateFields, 'flag'),
  ],
  companies: [...recordColumns, ...attributionColumns, ...columnsOf(companyFields, 'text')],
};
