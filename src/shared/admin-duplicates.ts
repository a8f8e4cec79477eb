// GET /api/candidate-submissions/{id}/duplicates, typed once for both sides.

/** Why a candidate looks like another: the keys they share, in the order the detail lists them. */
export const matchReasons = ['phone', 'name_location', 'email'] as const;
export type MatchReason = (typeof matchReasons)[number];

/** A candidate that may be the same person as the one in the detail. */
export interface PossibleDuplicate {
  id: number;
  firstName: string | null;
  lastName: string | null;
  email: string;
  createdAt: string;
  reasons: MatchReason[];
}
