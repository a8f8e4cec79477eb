// GET /api/candidate-submissions/{id}/duplicates, declared once for both sides.
import { integer, listOf, nullableText, text, type FromSchema } from './json-schema';

/** Why a candidate looks like another: the keys they share, in the order the detail lists them. */
export const matchReasons = ['phone', 'name_location', 'email'] as const;
export type MatchReason = (typeof matchReasons)[number];

export const possibleDuplicatesSchema = listOf({
  id: integer,
  firstName: nullableText,
  lastName: nullableText,
  email: text,
  createdAt: text,
  reasons: {
    type: 'array',
    items: { type: 'string', enum: matchReasons },
    description: 'What it shares: the phone digits, name and location, or the e-mail',
  },
});
export type PossibleDuplicate = FromSchema<typeof possibleDuplicatesSchema>[number];
