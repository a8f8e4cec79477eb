import type { WriteQueue } from '../../../platform/database/write-queue';
import type { LeadRecordTables } from '../../records/lead-tables';
import { quarantineSubmission, type QuarantineEntry } from '../quarantine/quarantine-writes';
import {
  saveCandidate,
  saveCompany,
  type CandidateStep,
  type CompanyStep,
} from '../../records/lead-saves';
import type { SaveResult } from '../../records/upsert';
import { leadWriteEffects, type LeadEffectsOptions } from './lead-write-effects';

/** The write side of leads: every write goes through the group commit. */
export type LeadStore = ReturnType<typeof createLeadStore>;

export function createLeadStore(
  queue: WriteQueue<LeadRecordTables>,
  options: LeadEffectsOptions = {},
) {
  const effects = leadWriteEffects(options);
  return {
    saveCandidate: (step: CandidateStep): Promise<SaveResult> =>
      queue.run((trx) => saveCandidate(trx, step, effects)),
    saveCompany: (step: CompanyStep): Promise<SaveResult> =>
      queue.run((trx) => saveCompany(trx, step, effects)),
    quarantine: (entry: QuarantineEntry): Promise<SaveResult> =>
      queue.run((trx) => quarantineSubmission(trx, entry)),
  };
}
