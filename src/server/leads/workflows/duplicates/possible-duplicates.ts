import { sql, type Kysely, type SqlBool } from 'kysely';
import type { AdminLeadTables } from '../../records/listing-tables';
import { matchReasons, type PossibleDuplicate } from '@shared/admin-duplicates';
import { keyOfReason } from '../../records/match-keys';

/* Candidates sharing a match key (decision 161), each an index lookup; never merged by itself. */
const DUPLICATES_SHOWN = 20;

/** The candidates that look like candidate `id`, oldest first; undefined for an unknown id. */
export async function possibleDuplicates(
  db: Kysely<AdminLeadTables>,
  id: number,
): Promise<PossibleDuplicate[] | undefined> {
  const lead = await db
    .selectFrom('candidates')
    .select(['phone_digits', 'name_location_key', 'email_match_key'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!lead) return undefined;
  const shared = matchReasons.filter((reason) => lead[keyOfReason[reason]] !== null);
  if (shared.length === 0) return [];
  const rows = await db
    .selectFrom('candidates')
    .select(['id', 'first_name', 'last_name', 'email', 'created_at'])
    .select(['phone_digits', 'name_location_key', 'email_match_key'])
    .where((eb) =>
      eb.or(shared.map((reason) => eb(keyOfReason[reason], '=', lead[keyOfReason[reason]]))),
    )
    .where('id', '<>', id)
    .orderBy('created_at')
    .orderBy('id')
    .limit(DUPLICATES_SHOWN)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    createdAt: row.created_at,
    reasons: shared.filter((reason) => row[keyOfReason[reason]] === lead[keyOfReason[reason]]),
  }));
}

/** The list's filter: each key's shared values read once, grouped (a million probes took seconds). */
export const hasPossibleDuplicates = sql<SqlBool>`(${sql.join(
  matchReasons.map((reason) => {
    const key = sql.ref(keyOfReason[reason]);
    return sql`${key} in (select ${key} from candidates where ${key} is not null group by ${key} having count(*) > 1)`;
  }),
  sql` or `,
)})`;
