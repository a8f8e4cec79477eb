import type { WriteQueue } from '../platform/database/write-queue';
import type { LeadRecordTables } from '../platform/lead-records/lead-tables';
import type { OutboxDestination } from '../platform/outbox/outbox-tables';
import { saveCandidate, type CandidateStep } from './save-candidate';
import { saveCompany, type CompanyStep } from './save-company';
import type { SaveResult } from './upsert';

/** The write side of leads as the routes see it: every write goes through the group commit. */
export interface LeadStore {
  saveCandidate(step: CandidateStep): Promise<SaveResult>;
  saveCompany(step: CompanyStep): Promise<SaveResult>;
}

/** `notify`: where each new lead is announced, through the outbox (empty: nowhere). */
export function createLeadStore(
  queue: WriteQueue<LeadRecordTables>,
  notify: readonly OutboxDestination[] = [],
): LeadStore {
  return {
    saveCandidate: (step) => queue.run((trx) => saveCandidate(trx, step, notify)),
    saveCompany: (step) => queue.run((trx) => saveCompany(trx, step, notify)),
  };
}
