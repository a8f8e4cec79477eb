import type { ContactKind } from '@shared/lead-field';
import { tablesOf, type SharedTransaction } from '../../platform/database/connection';
import { normalizeEmail } from './upsert';
import { findHistory } from './lead-history';
import { phoneVariants } from './match-keys';
import type { LeadContactsTable, LeadRef, LeadTable } from './lead-tables';

/* A lead's secondary contacts: the e-mails and phones a merge kept of the other lead (161). */

/** A lead keeps this many (decision 152); a merge past it keeps those it held first. */
export const LEAD_CONTACTS_LIMIT = 10;

export type LeadContactTables = { lead_contacts: LeadContactsTable };

const contactsOf = (db: SharedTransaction) => tablesOf<LeadContactTables>(db);

export interface Contact {
  kind: ContactKind;
  value: string;
}

const contactKeyOf = ({ kind, value }: Contact): string =>
  kind === 'email' ? normalizeEmail(value) : value.replace(/\D/g, '');

/** The keys one contact may be held by: a phone's with and without its +1, as duplicates match. */
const sameContactKeys = (contact: Contact) =>
  contact.kind === 'phone' ? phoneVariants(contactKeyOf(contact)) : [contactKeyOf(contact)];

/** The leads `ids` of `table`'s contacts, oldest first. */
export const findContacts = (db: SharedTransaction, table: LeadTable, ids: readonly number[]) =>
  findHistory(db, 'lead_contacts', table, ids);

/** Gives `lead` the contacts it lacks, up to LEAD_CONTACTS_LIMIT, none equal to its `own`. */
export async function keepContacts(
  trx: SharedTransaction,
  lead: LeadRef,
  contacts: readonly Contact[],
  own: readonly Contact[],
  now: string,
): Promise<void> {
  const db = contactsOf(trx);
  const ownKeys = own.flatMap(sameContactKeys).filter(Boolean);
  if (ownKeys.length > 0) {
    await db
      .deleteFrom('lead_contacts')
      .where('lead_table', '=', lead.table)
      .where('lead_id', '=', lead.id)
      .where('search_key', 'in', ownKeys)
      .execute();
  }
  const held = await findContacts(trx, lead.table, [lead.id]);
  const keys = new Set([...ownKeys, ...held.flatMap(sameContactKeys)]);
  let room = LEAD_CONTACTS_LIMIT - held.length;
  for (const contact of contacts) {
    const key = contactKeyOf(contact);
    if (key === '' || keys.has(key) || room <= 0) continue;
    sameContactKeys(contact).forEach((same) => keys.add(same));
    room -= 1;
    await db
      .insertInto('lead_contacts')
      .values({
        lead_table: lead.table,
        lead_id: lead.id,
        kind: contact.kind,
        value: contact.value,
        search_key: key,
        created_at: now,
      })
      .execute();
  }
}

/** The ids of `table`'s leads holding the e-mail `normalizedEmail` as a secondary contact. */
export const leadsWithEmail = (db: SharedTransaction, table: LeadTable, normalizedEmail: string) =>
  contactsOf(db)
    .selectFrom('lead_contacts')
    .select('lead_id as id')
    .where('search_key', '=', normalizedEmail)
    .where('lead_table', '=', table)
    .where('kind', '=', 'email');
