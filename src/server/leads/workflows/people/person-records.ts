import type { Kysely, Transaction } from 'kysely';
import type { PersonCounts, PersonReport } from '@shared/admin-person';
import type { LeadKind } from '@shared/lead-status';
import { tablesOf } from '../../../platform/database/connection';
import { findSubjectMessages } from '../../../platform/outbox/outbox';
import { findContacts, leadsWithEmail } from '../../records/lead-contacts';
import { eraseLeadParts, findHistory } from '../../records/lead-history';
import { leadTables, leadTypeOf, type LeadTable } from '../../records/lead-tables';
import { listColumns, type AdminLeadTables } from '../../records/listing-tables';
import { eraseQuarantined, findQuarantined } from '../quarantine/lead-quarantine';
import {
  activityView,
  contactView,
  outboxView,
  quarantinedView,
  storedRecord,
  submissionView,
} from './person-report-views';
import { deleteStatusLinks } from './status-link';
import { endMailboxSessions } from './mailbox-session';

/* A person's stored data (decision 135); an erasure deletes the leads first, a write first. */

/** The leads of one table, as the audit log names a person. */
interface PersonLeads {
  leadType: LeadKind;
  ids: number[];
}

type LeadParts =
  'candidates' | 'companies' | 'contacts' | 'submissions' | 'quarantine' | 'activity';
type LeadReport = Pick<PersonReport, LeadParts | 'outboxMessages'>;

/** What eraseLeadParts deletes with a lead, counted apart. */
const ERASED_WITH_LEAD = ['contacts', 'submissions', 'activity', 'outboxMessages'] as const;

/** What an erasure took: counts of the lead context's parts, and the leads erased. */
export interface ErasedLeads {
  counts: Pick<PersonCounts, LeadParts | 'outboxMessages'>;
  leads: PersonLeads[];
  /** The candidates erased and their addresses: their calls' cancellations go there. */
  candidates: { id: number; email: string }[];
}

/** The address's leads and those holding it as a secondary e-mail: two lookups (an OR scans). */
async function leadIdsOf(db: Kysely<AdminLeadTables>, table: LeadTable, normalizedEmail: string) {
  const rows = await db
    .selectFrom(table)
    .select('id')
    .where('email_normalized', '=', normalizedEmail)
    .union(leadsWithEmail(db, table, normalizedEmail) as never)
    .execute();
  return rows.map((row) => Number(row.id));
}

/** Deletes the rows of an address, or of `ids` still not updated (a form may have come in). */
async function eraseLeadRows(
  trx: Kysely<AdminLeadTables>,
  table: LeadTable,
  match: { normalizedEmail: string } | { ids: readonly number[]; updatedBefore: string },
): Promise<{ id: number; email: string }[]> {
  const ids = 'ids' in match ? match.ids : await leadIdsOf(trx, table, match.normalizedEmail);
  if (ids.length === 0) return [];
  const query = trx.deleteFrom(table).where('id', 'in', ids);
  const rows = await ('ids' in match ? query.where('updated_at', '<', match.updatedBefore) : query)
    .returning(['id', 'email'])
    .execute();
  return rows.map((row) => ({ id: Number(row.id), email: row.email }));
}

export class PersonRecords {
  constructor(private readonly db: Kysely<object>) {}

  /** Everything stored about the address (normalizeEmail), and its leads (a merge's too). */
  async report(normalizedEmail: string): Promise<LeadReport & { leads: PersonLeads[] }> {
    const db = this.db;
    const perLead = await Promise.all(
      leadTables.map(async (table) => {
        const leadType = leadTypeOf(table);
        const leads = tablesOf<AdminLeadTables>(db);
        const found = await leadIdsOf(leads, table, normalizedEmail);
        const rows = (
          found.length === 0
            ? []
            : await leads
                .selectFrom(table)
                .select(listColumns[table] as never[])
                .where('id', 'in', found)
                .orderBy('id')
                .execute()
        ) as { id: number }[];
        const ids = rows.map((row) => Number(row.id));
        const [contacts, submissions, activity, messages] = await Promise.all([
          findContacts(db, table, ids),
          findHistory(db, 'lead_submissions', table, ids),
          findHistory(db, 'lead_activity', table, ids),
          findSubjectMessages(tablesOf(db), leadType, ids),
        ]);
        return { rows, leadType, ids, contacts, submissions, activity, messages };
      }),
    );
    const [candidates = [], companies = []] = perLead.map(({ rows }) => rows.map(storedRecord));
    const quarantine = await findQuarantined(tablesOf(db), normalizedEmail);
    return {
      candidates,
      companies,
      contacts: perLead.flatMap(({ contacts }) => contacts.map(contactView)),
      submissions: perLead.flatMap(({ submissions }) => submissions.map(submissionView)),
      quarantine: quarantine.map(quarantinedView),
      activity: perLead.flatMap(({ activity }) => activity.map(activityView)),
      outboxMessages: perLead.flatMap(({ messages }) => messages.map(outboxView)),
      leads: perLead.map(({ leadType, ids }) => ({ leadType, ids })),
    };
  }

  /** Erases (in `trx`) the address's leads, what goes with them, and its quarantined forms. */
  async erase(trx: Transaction<object>, normalizedEmail: string): Promise<ErasedLeads> {
    const erased = await this.eraseLeads(trx, (table) =>
      eraseLeadRows(tablesOf(trx), table, { normalizedEmail }),
    );
    erased.counts.quarantine = await eraseQuarantined(tablesOf(trx), { normalizedEmail });
    // Not counted, like the links: the mailbox proof of an address nothing is kept about.
    await endMailboxSessions(tablesOf(trx), normalizedEmail);
    return erased;
  }

  /** Up to `limit` ids per table of leads untouched since `before` (unindexed: may scan). */
  async notUpdatedSince(before: string, limit: number): Promise<number[][]> {
    const db = tablesOf<AdminLeadTables>(this.db);
    return Promise.all(
      leadTables.map(async (table) => {
        const rows = await db
          .selectFrom(table)
          .select('id')
          .where('updated_at', '<', before)
          .orderBy('id')
          .limit(limit)
          .execute();
        return rows.map((row) => Number(row.id));
      }),
    );
  }

  /** Erases the leads `found` still untouched since `before` and, with `quarantine`, older forms. */
  async eraseNotUpdated(
    trx: Transaction<object>,
    found: number[][],
    before: string,
    quarantine: boolean,
  ): Promise<ErasedLeads> {
    const erased = await this.eraseLeads(trx, (table, index) =>
      eraseLeadRows(tablesOf(trx), table, { ids: found[index] ?? [], updatedBefore: before }),
    );
    if (quarantine) {
      erased.counts.quarantine = await eraseQuarantined(tablesOf(trx), { receivedBefore: before });
    }
    return erased;
  }

  /** Erases the rows `rowsOf` deletes and what goes with them: forms, activity, messages, links. */
  private async eraseLeads(
    trx: Transaction<object>,
    rowsOf: (table: LeadTable, index: number) => Promise<{ id: number; email: string }[]>,
  ): Promise<ErasedLeads> {
    const zeros = [...leadTables, ...ERASED_WITH_LEAD, 'quarantine'].map((part) => [part, 0]);
    const counts = Object.fromEntries(zeros) as ErasedLeads['counts'];
    const erased: ErasedLeads = { counts, leads: [], candidates: [] };
    for (const [index, table] of leadTables.entries()) {
      const rows = await rowsOf(table, index);
      const ids = rows.map((row) => row.id);
      erased.leads.push({ leadType: leadTypeOf(table), ids });
      if (table === 'candidates') erased.candidates = rows;
      counts[table] += ids.length;
      if (ids.length === 0) continue;
      const parts = await eraseLeadParts(trx, table, ids);
      for (const part of ERASED_WITH_LEAD) counts[part] += parts[part];
      // Not counted: a link is a key to the lead, not data about the person.
      await deleteStatusLinks(tablesOf(trx), { table, ids });
    }
    return erased;
  }
}
