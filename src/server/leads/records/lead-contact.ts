import type { Kysely } from 'kysely';
import type { ConversionContact } from '../../conversions';
import type { LeadRecordTables, LeadTable } from './lead-tables';
import { presentValues } from './upsert';

/** "Ann Lee" -> Ann / Lee: a company's contact has one name field. */
function splitName(name: string | undefined): [string | null, string | null] {
  const [first, ...rest] = (name ?? '').trim().split(/\s+/);
  return [first || null, rest.join(' ') || null];
}

/** The contact from proven forms only (decision 176), latest first; undefined: lead gone. */
export async function verifiedContact(
  db: Kysely<LeadRecordTables>,
  table: LeadTable,
  id: number,
): Promise<ConversionContact | undefined> {
  const lead = await db.selectFrom(table).select('email').where('id', '=', id).executeTakeFirst();
  if (!lead) return undefined;
  // Read inside a new lead's write: only the proven forms' fields, not the lead's whole history.
  const forms = await db
    .selectFrom('lead_submissions')
    .select('fields')
    .where('lead_table', '=', table)
    .where('lead_id', '=', id)
    .where('verified', '=', 1)
    .orderBy('id')
    .execute();
  const latest: Record<string, string | undefined> = Object.assign(
    {},
    ...forms.map((form) => presentValues(JSON.parse(form.fields ?? '{}'))),
  );
  const [firstName, lastName] =
    table === 'candidates'
      ? [latest.first_name ?? null, latest.last_name ?? null]
      : splitName(latest.contact_name);
  return { email: lead.email, phone: latest.phone ?? null, firstName, lastName };
}
