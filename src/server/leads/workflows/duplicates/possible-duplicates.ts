import { sql, type Kysely, type SqlBool } from 'kysely';
import type { AdminLeadTables } from '../../records/listing-tables';
import { matchReasons, type MatchReason, type PossibleDuplicate } from '@shared/admin-duplicates';
import { keyOfReason, phoneVariants } from '../../records/match-keys';

/* Candidates sharing a match key (decision 161), each an index lookup; never merged by itself. */
const DUPLICATES_SHOWN = 20;

/** A phone key without its leading 1, as `phoneVariants` compares them: the filter groups by it. */
const nationalPhone = sql`case when phone_digits like '1%' then substr(phone_digits, 2) else phone_digits end`;

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
  // The stored values each key matches: a phone's with and without its leading 1.
  const values = (reason: MatchReason, key = lead[keyOfReason[reason]] ?? '') =>
    reason === 'phone' ? phoneVariants(key) : [key];
  const rows = await db
    .selectFrom('candidates')
    .select(['id', 'first_name', 'last_name', 'email', 'created_at'])
    .select(['phone_digits', 'name_location_key', 'email_match_key'])
    .where((eb) => eb.or(shared.map((reason) => eb(keyOfReason[reason], 'in', values(reason)))))
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
    reasons: shared.filter((reason) => values(reason).includes(row[keyOfReason[reason]] ?? '')),
  }));
}

/** The list's filter: each key's shared values read once, grouped (a million probes took seconds). */
export const hasPossibleDuplicates = sql<SqlBool>`(${sql.join(
  matchReasons.map((reason) => {
    const key = reason === 'phone' ? nationalPhone : sql.ref(keyOfReason[reason]);
    return sql`${key} in (select ${key} from candidates where ${key} is not null group by ${key} having count(*) > 1)`;
  }),
  sql` or `,
)})`;
