import type { Kysely, Transaction } from 'kysely';
import type { PersonCounts, PersonReport } from '@shared/admin-person';
import { tablesOf } from '../../../platform/database/connection';
import { findSubjectMessages, forgetSubjectMessages } from '../../../platform/outbox/outbox';
import { eraseSubmissions, findSubmissions } from '../../records/lead-submissions';
import type { LeadTable } from '../../records/lead-tables';
import { eraseActivity, findActivity } from '../pipeline/lead-activity';
import { eraseQuarantined, findQuarantined } from '../quarantine/lead-quarantine';
import { eraseLeadRows, findLeadsByEmail, leadIdsNotUpdatedSince } from './person-leads';
import {
  activityView,
  leadTypeOf,
  outboxView,
  quarantinedView,
  storedRecord,
  submissionView,
} from './person-report-views';
import { deleteStatusLinks } from './status-link';

/*
 * What the lead context stores about a person (decision 135), found or erased for their request
 * or the retention. An erasure deletes the lead rows first, returning their ids, so what goes with
 * them matches exactly.
 */

const leadTables = ['candidates', 'companies'] as const satisfies readonly LeadTable[];

/** The leads of one table, as the audit log names a person. */
export interface PersonLeads {
  leadType: 'candidate' | 'company';
  ids: number[];
}

type LeadParts = 'candidates' | 'companies' | 'submissions' | 'quarantine' | 'activity';
type LeadReport = Pick<PersonReport, LeadParts | 'outboxMessages'>;

/** What an erasure took: counts of the lead context's parts, and the leads erased. */
export interface ErasedLeads {
  counts: Pick<PersonCounts, LeadParts | 'outboxMessages'>;
  leads: PersonLeads[];
}

export class PersonRecords {
  constructor(private readonly db: Kysely<object>) {}

  /** Everything stored about the address (normalizeEmail), and its leads. */
  async report(normalizedEmail: string): Promise<LeadReport & { leads: PersonLeads[] }> {
    const db = this.db;
    const found = await findLeadsByEmail(tablesOf(db), normalizedEmail);
    const perLead = await Promise.all(
      leadTables.map(async (table) => {
        const leadType = leadTypeOf(table);
        const ids = found[table].map((row) => Number(row.id));
        const [submissions, activity, messages] = await Promise.all([
          findSubmissions(tablesOf(db), table, ids),
          findActivity(db, table, ids),
          findSubjectMessages(tablesOf(db), leadType, ids),
        ]);
        return { leadType, ids, submissions, activity, messages };
      }),
    );
    const quarantine = await findQuarantined(tablesOf(db), normalizedEmail);
    return {
      candidates: found.candidates.map(storedRecord),
      companies: found.companies.map(storedRecord),
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
    return erased;
  }

  /**
   * Up to `limit` ids per table of leads whose last form came before `before`. No index on
   * `updated_at` (it would cost every lead write), so this may read the whole tables.
   */
  async notUpdatedSince(before: string, limit: number): Promise<number[][]> {
    return Promise.all(
      leadTables.map((table) => leadIdsNotUpdatedSince(tablesOf(this.db), table, before, limit)),
    );
  }

  /**
   * Erases (in `trx`) the leads `found` (notUpdatedSince's) still not updated since `before`, and
   * with `quarantine`, the forms quarantined before it.
   */
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
    rowsOf: (table: LeadTable, index: number) => Promise<number[]>,
  ): Promise<ErasedLeads> {
    const counts = {
      candidates: 0,
      companies: 0,
      submissions: 0,
      quarantine: 0,
      activity: 0,
      outboxMessages: 0,
    };
    const leads: PersonLeads[] = [];
    for (const [index, table] of leadTables.entries()) {
      const ids = await rowsOf(table, index);
      const leadType = leadTypeOf(table);
      leads.push({ leadType, ids });
      counts[table] += ids.length;
      if (ids.length === 0) continue;
      counts.submissions += await eraseSubmissions(tablesOf(trx), table, ids);
      counts.activity += await eraseActivity(trx, table, ids);
      counts.outboxMessages += await forgetSubjectMessages(tablesOf(trx), leadType, ids);
      // Not counted: a link is a key to the lead, not data about the person.
      await deleteStatusLinks(tablesOf(trx), { table, ids });
    }
    return { counts, leads };
  }
}
