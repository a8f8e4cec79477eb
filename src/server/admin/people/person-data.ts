import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely, type Transaction } from 'kysely';
import { DAY_MS } from '@shared/calendar-day';
import { personParts, type PersonCounts, type PersonReport } from '@shared/admin-person';
import { tablesOf } from '../../platform/database/connection';
import type { DialectName } from '../../platform/database/migration-runner';
import type { LeadDesk } from '../../leads';
import {
  deleteOutboxFiles,
  deleteOutboxMailBefore,
  outboxMailMentioning,
} from '../../platform/mail/outbox-files';
import { erasePersonEntries, findPersonEntries, type AuditEntryInput } from '../audit/audit-log';
import { callsAndAnswers, eraseBookings } from '../../bookings';
import { RepeatingTask } from '../../platform/schedule/repeating-task';
import type { AdminAudit } from '../audit/audit-plugin';

/* A person's data (decision 135): each part finds and erases its own rows; here one transaction. */

/** Leads erased per transaction by the retention: short transactions, bounded `in` lists. */
const RETENTION_BATCH = 500;
/** pg_try_advisory_xact_lock key of a retention batch (any constant no other lock uses). */
const RETENTION_LOCK = 1_350_135_001;

const noCounts = (): PersonCounts =>
  Object.fromEntries(personParts.map(({ key }) => [key, 0])) as PersonCounts;

/** "candidates 1, companies 0, …": counts only, for an audit entry. */
export const countsText = (counts: PersonCounts) =>
  personParts.map(({ key }) => `${key} ${counts[key]}`).join(', ');

/** An erasure's counts: the `erased` leads', their calls', audit entries' (and `token`'s), files'. */
async function eraseTheRest(
  trx: Transaction<object>,
  erased: Awaited<ReturnType<LeadDesk['people']['erase']>>,
  mailFiles: number,
  token?: string,
): Promise<PersonCounts> {
  const calls = await eraseBookings(tablesOf(trx), erased.candidates);
  const auditEntries = await erasePersonEntries(tablesOf(trx), { leads: erased.leads, token });
  return { ...noCounts(), ...erased.counts, ...calls, mailFiles, auditEntries };
}

export class PersonData {
  constructor(
    private readonly db: Kysely<object>,
    private readonly dialect: DialectName,
    /** Whose outbox folder (DATA_DIR/outbox) holds e-mails written without a transport. */
    private readonly dataDir: string,
    private readonly people: LeadDesk['people'],
  ) {}

  /** Everything stored about the address (normalizeEmail), with its audit `token`. */
  async report(normalizedEmail: string, token: string): Promise<PersonReport> {
    const { leads, ...stored } = await this.people.report(normalizedEmail);
    const candidates = leads.find(({ leadType }) => leadType === 'candidate')?.ids ?? [];
    const [auditEntries, mailFiles, booked] = await Promise.all([
      findPersonEntries(tablesOf(this.db), { leads, token }),
      outboxMailMentioning(this.dataDir, normalizedEmail),
      // What the person's own copy holds (their call e-mails are among the outbox messages).
      Promise.all(
        candidates.map(async (leadId) => ({ leadId, ...(await callsAndAnswers(this.db, leadId)) })),
      ),
    ]);
    return {
      email: normalizedEmail,
      generatedAt: new Date().toISOString(),
      ...stored,
      calls: booked.flatMap(({ leadId, calls }) => calls.map((call) => ({ leadId, ...call }))),
      screening: booked.flatMap(({ leadId, screening }) =>
        screening ? [{ leadId, ...screening }] : [],
      ),
      auditEntries,
      mailFiles,
    };
  }

  /** Erases everything about the address, pending messages included, and records it: one transaction. */
  async erase(
    normalizedEmail: string,
    token: string,
    record: (entry: AuditEntryInput, trx: Transaction<object>) => Promise<void>,
  ): Promise<PersonCounts> {
    // Files first (no transaction covers them): a failure after leaves the rows for a retry.
    const mail = await outboxMailMentioning(this.dataDir, normalizedEmail);
    const files = mail.map(({ file }) => file);
    const mailFiles = await deleteOutboxFiles(this.dataDir, files);
    return this.db.transaction().execute(async (trx) => {
      // The candidates' booked calls go with them, each cancelled in the person's calendar.
      const erased = await this.people.erase(trx, normalizedEmail);
      const counts = await eraseTheRest(trx, erased, mailFiles, token);
      // The entry says that an erasure happened, when and how much: no address, no token.
      await record({ action: 'data_subject_erasure', detail: `erased ${countsText(counts)}` }, trx);
      return counts;
    });
  }

  /** The retention, in batches; on PostgreSQL a batch's advisory lock taken elsewhere stops it. */
  async eraseNotUpdatedSince(
    before: string,
    /** Records an erasure in the audit log, in the erasure's transaction. */
    record: (trx: Transaction<object>, counts: PersonCounts) => Promise<void>,
  ): Promise<PersonCounts | undefined> {
    const total = noCounts();
    // This instance's outbox folder: e-mails written before the cutoff.
    const mailFiles = await deleteOutboxMailBefore(this.dataDir, new Date(before));
    for (let first = true; ; first = false) {
      const found = await this.people.notUpdatedSince(before, RETENTION_BATCH);
      if (!first && found.every((ids) => ids.length === 0)) break;
      const counts = await this.db.transaction().execute(async (trx) => {
        if (!(await this.retentionLock(trx))) return undefined;
        const erased = await this.people.eraseNotUpdated(trx, found, before, first);
        const counts = await eraseTheRest(trx, erased, first ? mailFiles : 0);
        if (Object.values(counts).some((count) => count > 0)) await record(trx, counts);
        return counts;
      });
      if (!counts) return undefined;
      for (const { key } of personParts) total[key] += counts[key];
      if (found.every((ids) => ids.length < RETENTION_BATCH)) break;
    }
    return total;
  }

  private async retentionLock(trx: Transaction<object>): Promise<boolean> {
    if (this.dialect !== 'postgres') return true;
    const { rows } = await sql<{
      locked: boolean;
    }>`select pg_try_advisory_xact_lock(${sql.lit(RETENTION_LOCK)}) as locked`.execute(trx);
    return rows[0]?.locked === true;
  }
}

/** When the retention runs: a while after start, then daily (tests: sooner). */
export const dailyRetention = { firstRunMs: 60_000, intervalMs: DAY_MS };
export type RetentionSchedule = typeof dailyRetention;

/** RETENTION_DAYS (decision 135): older leads erased daily; the log says counts only. */
export function retentionTask(
  people: PersonData,
  days: number,
  audit: AdminAudit,
  log: FastifyBaseLogger,
  intervalMs: number,
): RepeatingTask<void> {
  const run = async () => {
    const before = new Date(Date.now() - days * DAY_MS).toISOString();
    try {
      const erased = await people.eraseNotUpdatedSince(before, (trx, counts) => {
        const detail = `not updated for ${days} days: erased ${countsText(counts)}`;
        const entry = { action: 'retention_erasure', detail } as const;
        return audit.recordSystem(entry, 'system (RETENTION_DAYS)', trx);
      });
      if (erased) log.info({ retentionDays: days, erased }, 'retention: erased');
      else log.info('retention: another instance is erasing; skipped');
    } catch (error) {
      log.error({ err: error }, 'retention failed; the next run retries');
    }
  };
  return new RepeatingTask(run, () => intervalMs);
}
