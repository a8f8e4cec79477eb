import type { WriteQueue } from '../platform/database/write-queue';
import type { LeadRecordTables } from '../platform/lead-records/lead-tables';
import { saveCandidate, type CandidateStep } from './save-candidate';
import { saveCompany, type CompanyStep } from './save-company';
import type { SaveResult } from './upsert';

/** The write side of leads as the routes see it: every write goes through the group commit. */
export interface LeadStore {
  saveCandidate(step: CandidateStep): Promise<SaveResult>;
  saveCompany(step: CompanyStep): Promise<SaveResult>;
}

export function createLeadStore(queue: WriteQueue<LeadRecordTables>): LeadStore {
  return {
    saveCandidate: (step) => queue.run((trx) => saveCandidate(trx, step)),
    saveCompany: (step) => queue.run((trx) => saveCompany(trx, step)),
  };
}
