import { type CompanyStage, companyStages } from '@shared/lead-vocabulary';
import type { Kysely } from 'kysely';
import type { companyTextColumns } from './lead-columns';
import { type LeadRecordTables } from './lead-tables';
import { upsertLead, type LeadStep, type LeadWriteEffects, type SaveResult } from './upsert';

/** One step of a company lead: the /companies e-mail lead or the full /hiring request. */
export type CompanyStep = LeadStep<CompanyStage, (typeof companyTextColumns)[number]>;

/** Creates the company lead of `step.email` or completes the existing one; idempotent. */
export function saveCompany(
  db: Kysely<LeadRecordTables>,
  step: CompanyStep,
  effects?: LeadWriteEffects,
): Promise<SaveResult> {
  return upsertLead(db, 'companies', companyStages, step, {}, effects);
}
