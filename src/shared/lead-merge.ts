// POST /api/candidate-submissions/{id}/merge: what the recruiter chooses, from the lead's fields.
import { listOf, text, type FromSchema } from './json-schema';
import { contactKinds, entriesOf, type AnyFields } from './lead-field';
import { candidateFields } from './lead-fields';

/** Whose value a merged field keeps: this lead's (the one that stays) or the other lead's. */
export const mergeSides = ['this', 'other'] as const;
export type MergeSide = (typeof mergeSides)[number];

/** The fields a merge lets the recruiter choose, in order: all but the flags, which only rise. */
export const mergeFieldsOf = (fields: AnyFields) =>
  entriesOf(fields).filter(([, field]) => field.kind !== 'flag');

const isBlank = (value: unknown) => value === null || value === undefined || value === '';

/** Without a choice: this lead's value, unless it is blank and the other's is not. */
export const defaultSide = (mine: unknown, theirs: unknown): MergeSide =>
  isBlank(mine) && !isBlank(theirs) ? 'other' : 'this';

/** The merge body's `winners`: by API field name, whose value stays; a field left out: the default. */
export const mergeWinnersSchema = {
  type: 'object',
  description:
    "Whose value each field keeps ('this' or 'other'); a field left out: this lead's unless blank",
  properties: Object.fromEntries(
    mergeFieldsOf(candidateFields).map(([name]) => [name, { type: 'string', enum: mergeSides }]),
  ),
  additionalProperties: false,
} as const;
export type MergeWinners = Partial<Record<string, MergeSide>>;

export const secondaryContactsSchema = {
  ...listOf({ kind: { type: 'string', enum: contactKinds }, value: text }),
  description: 'E-mails and phones kept from merged leads, oldest first; the search finds them',
} as const;
export type SecondaryContact = FromSchema<typeof secondaryContactsSchema>[number];
