import { sql, type Kysely, type Transaction } from 'kysely';
import {
  dataSubjectParts,
  type DataSubjectCounts,
  type DataSubjectReport,
} from '@shared/admin-data-subject';
import { tablesOf } from '../../platform/database/connection';
import type { DialectName } from '../../platform/database/migration-runner';
import {
  eraseQuarantined,
  findQuarantined,
  eraseSubmissions,
  findSubmissions,
  type LeadTable,
  eraseLeadRows,
  findLeadsByEmail,
  leadIdsNotUpdatedSince,
  eraseActivity,
  findActivity,
  deleteStatusLinks,
} from '../../leads';
import {
  deleteOutboxFiles,
  deleteOutboxMailBefore,
  outboxMailMentioning,
} from '../../platform/mail/outbox-files';
import { findSubjectMessages, forgetSubjectMessages } from '../../platform/outbox/outbox';
import { erasePersonEntries, findPersonEntries, type AuditPerson } from '../audit/audit-log';
import {
  activityView,
  outboxView,
  quarantinedView,
  storedRecord,
  submissionView,
} from './report-views';

/*
 * A person's data, composed from what each part owns (decision 135): each part finds and erases its
 * own rows; this erases them in one transaction.
 */

const leadKinds = [
  { table: 'candidates', leadType: 'candidate' },
  { table: 'companies', leadType: 'company' },
] as const satisfies readonly { table: LeadTable; leadType: 'candidate' | 'company' }[];

/** Leads erased per transaction by the retention: short transactions, bounded `in` lists. */
const RETENTION_BATCH = 500;
/** pg_try_advisory_xact_lock key of a retention batch (any constant no other lock uses). */
const RETENTION_LOCK = 1_350_135_001;

export const noCounts = (): DataSubjectCounts =>
  Object.fromEntries(dataSubjectParts.map(({ key }) => [key, 0])) as DataSubjectCounts;

export const anyCounted = (counts: DataSubjectCounts) =>
  Object.values(counts).some((count) => count > 0);

/** "candidates 1, companies 0, …": counts only, for an audit entry. */
export const countsText = (counts: DataSubjectCounts) =>
  dataSubjectParts.map(({ key }) => `${key} ${counts[key]}`).join(', ');

/** Records an erasure in the audit log, in the erasure's transaction. */
export type RecordErasure = (trx: Transaction<object>, counts: DataSubjectCounts) => Promise<void>;

export class DataSubjects {
  constructor(
    private readonly db: Kysely<object>,
    private readonly dialect: DialectName,
    /** Whose outbox folder (DATA_DIR/outbox) holds e-mails written without a transport. */
    private readonly dataDir: string,
  ) {}

  /** Everything stored about the address (normalizeEmail), with its audit `token`. */
  async report(normalizedEmail: string, token: string): Promise<DataSubjectReport> {
    const db = this.db;
    const leads = await findLeadsByEmail(tablesOf(db), normalizedEmail);
    const perLead = await Promise.all(
      leadKinds.map(async ({ table, leadType }) => {
        const ids = leads[table].map((row) => Number(row.id));
        const [submissions, activity, messages] = await Promise.all([
          findSubmissions(tablesOf(db), table, ids),
          findActivity(db, table, ids),
          findSubjectMessages(tablesOf(db), leadType, ids),
        ]);
        return { leadType, ids, submissions, activity, messages };
      }),
    );
    const [quarantine, auditEntries, mailFiles] = await Promise.all([
      findQuarantined(tablesOf(db), normalizedEmail),
      findPersonEntries(tablesOf(db), {
        leads: perLead.map(({ leadType, ids }) => ({ leadType, ids })),
        token,
      }),
      outboxMailMentioning(this.dataDir, normalizedEmail),
    ]);
    return {
      email: normalizedEmail,
      generatedAt: new Date().toISOString(),
      candidates: leads.candidates.map(storedRecord),
      companies: leads.companies.map(storedRecord),
      submissions: perLead.flatMap(({ submissions }) => submissions.map(submissionView)),
      quarantine: quarantine.map(quarantinedView),
      activity: perLead.flatMap(({ activity }) => activity.map(activityView)),
      auditEntries,
      outboxMessages: perLead.flatMap(({ messages }) => messages.map(outboxView)),
      mailFiles,
    };
  }

  /**
   * Erases everything about the address, and records the erasure, in one transaction; pending
   * notifications and Meta events go too, so no worker sends them.
   */
  async erase(
    normalizedEmail: string,
    token: string,
    record: RecordErasure,
  ): Promise<DataSubjectCounts> {
    // Files first (no transaction covers them): a failure after leaves the rows for a retry.
    const mail = await outboxMailMentioning(this.dataDir, normalizedEmail);
    const mailFiles = await deleteOutboxFiles(
      this.dataDir,
      mail.map(({ file }) => file),
    );
    return this.db.transaction().execute(async (trx) => {
      const counts = { ...noCounts(), mailFiles };
      const subject: AuditPerson = { leads: [], token };
      for (const { table, leadType } of leadKinds) {
        const ids = await eraseLeadRows(tablesOf(trx), table, { normalizedEmail });
        await this.eraseWithLeads(trx, table, ids, counts);
        subject.leads.push({ leadType, ids });
      }
      counts.quarantine = await eraseQuarantined(tablesOf(trx), { normalizedEmail });
      counts.auditEntries = await erasePersonEntries(tablesOf(trx), subject);
      await record(trx, counts);
      return counts;
    });
  }

  /**
   * The retention: erases leads whose last form came before `before`, and older quarantine rows and
   * outbox e-mails, in batches. On PostgreSQL a batch takes an advisory lock; an instance finding
   * it taken stops (undefined).
   */
  async eraseNotUpdatedSince(
    before: string,
    record: RecordErasure,
  ): Promise<DataSubjectCounts | undefined> {
    const total = noCounts();
    // This instance's outbox folder: e-mails written before the cutoff.
    const mailFiles = await deleteOutboxMailBefore(this.dataDir, new Date(before));
    for (let first = true; ; first = false) {
      const found = await Promise.all(
        leadKinds.map(({ table }) =>
          leadIdsNotUpdatedSince(tablesOf(this.db), table, before, RETENTION_BATCH),
        ),
      );
      if (!first && found.every((ids) => ids.length === 0)) break;
      const counts = await this.db.transaction().execute(async (trx) => {
        if (!(await this.retentionLock(trx))) return undefined;
        const counts = noCounts();
        const subject: AuditPerson = { leads: [] };
        for (const [index, { table, leadType }] of leadKinds.entries()) {
          const ids = await eraseLeadRows(tablesOf(trx), table, {
            ids: found[index] ?? [],
            updatedBefore: before,
          });
          await this.eraseWithLeads(trx, table, ids, counts);
          subject.leads.push({ leadType, ids });
        }
        if (first) {
          counts.quarantine = await eraseQuarantined(tablesOf(trx), { receivedBefore: before });
          counts.mailFiles = mailFiles;
        }
        counts.auditEntries = await erasePersonEntries(tablesOf(trx), subject);
        if (anyCounted(counts)) await record(trx, counts);
        return counts;
      });
      if (!counts) return undefined;
      for (const { key } of dataSubjectParts) total[key] += counts[key];
      if (found.every((ids) => ids.length < RETENTION_BATCH)) break;
    }
    return total;
  }

  /** What goes with erased lead rows: their forms, notes and status changes, and messages. */
  private async eraseWithLeads(
    trx: Transaction<object>,
    table: LeadTable,
    ids: number[],
    counts: DataSubjectCounts,
  ): Promise<void> {
    counts[table] += ids.length;
    if (ids.length === 0) return;
    const leadType = table === 'candidates' ? 'candidate' : 'company';
    counts.submissions += await eraseSubmissions(tablesOf(trx), table, ids);
    counts.activity += await eraseActivity(trx, table, ids);
    counts.outboxMessages += await forgetSubjectMessages(tablesOf(trx), leadType, ids);
    // Not counted: a link is a key to the lead, not data about the person.
    await deleteStatusLinks(tablesOf(trx), { table, ids });
  }

  private async retentionLock(trx: Transaction<object>): Promise<boolean> {
    if (this.dialect !== 'postgres') return true;
    const { rows } = await sql<{
      locked: boolean;
    }>`select pg_try_advisory_xact_lock(${sql.lit(RETENTION_LOCK)}) as locked`.execute(trx);
    return rows[0]?.locked === true;
  }
}
