import type { AnyFields, LeadField } from '@shared/lead-field';
import { attributionFields, candidateFields, companyFields } from '@shared/lead-fields';

/** The lead tables' columns; the migrations list theirs literally, frozen. */

/** The columns of `fields` of `kind` ('text' when none is given), in order. */
export const columnsOf = <Kind extends LeadField['kind']>(fields: AnyFields, kind: Kind) =>
  Object.values(fields)
    .filter((field) => (field.kind ?? 'text') === kind)
    .map((field) => field.column);

/** Where the lead came from (first touch wins). */
export const attributionColumns = columnsOf(attributionFields, 'text');

/** Identity, stage and the record's bookkeeping: every lead table has them. */
const recordColumns = [
  'id',
  'email',
  'email_normalized',
  'stage',
  'created_at',
  'updated_at',
  // What the person chose about our messages (migration 157).
  'reminders_stopped_at',
  // Who may change the lead, and what waits for review (migration 160).
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
