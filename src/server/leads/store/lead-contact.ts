import type { Kysely } from 'kysely';
import type { LeadRecordTables, LeadTable } from './lead-tables';

/** What Meta matches a lead on (decision 110): its e-mail, phone and names as now saved. */
export interface LeadContact {
  email: string;
  phone: string | null;
  firstName: string | null;
  lastName: string | null;
}

/** "Ann Lee" -> Ann / Lee: a company's contact has one name field. */
function splitName(name: string | null): [string | null, string | null] {
  const [first, ...rest] = (name ?? '').trim().split(/\s+/);
  return [first || null, rest.join(' ') || null];
}

/** The contact details of a lead (in the caller's transaction); undefined when it is gone. */
export async function readLeadContact(
  db: Kysely<LeadRecordTables>,
  table: LeadTable,
  id: number,
): Promise<LeadContact | undefined> {
  if (table === 'candidates') {
    const row = await db
      .selectFrom('candidates')
      .select(['email', 'phone', 'first_name', 'last_name'])
      .where('id', '=', id)
      .executeTakeFirst();
    return (
      row && {
        email: row.email,
        phone: row.phone,
        firstName: row.first_name,
        lastName: row.last_name,
      }
    );
  }
  const row = await db
    .selectFrom('companies')
    .select(['email', 'contact_name'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const [firstName, lastName] = splitName(row.contact_name);
  return { email: row.email, phone: null, firstName, lastName };
}
