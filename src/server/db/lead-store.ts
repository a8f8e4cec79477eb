import { saveCandidate, type CandidateStep } from './candidates';
import { saveCompany, type CompanyStep } from './companies';
import type { SaveResult } from './lead-writes';
import type { Database } from './schema';
import type { WriteQueue } from './write-queue';

/** The write side of leads as the routes see it: every write goes through the group commit. */
export interface LeadStore {
  saveCandidate(step: CandidateStep): Promise<SaveResult>;
  saveCompany(step: CompanyStep): Promise<SaveResult>;
}

export function createLeadStore(queue: WriteQueue<Database>): LeadStore {
  return {
    saveCandidate: (step) => queue.run((trx) => saveCandidate(trx, step)),
    saveCompany: (step) => queue.run((trx) => saveCompany(trx, step)),
  };
}
