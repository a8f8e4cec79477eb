import { type CompanyStage, companyStages } from '@shared/lead-vocabulary';
import type { Kysely } from 'kysely';
import type { ColumnsOfKind } from '@shared/lead-field';
import type { CompanyFields } from '@shared/lead-fields';
import { type LeadRecordTables } from './lead-tables';
import { upsertLead, type LeadStep, type LeadWriteEffects, type SaveResult } from './upsert';

/** One step of a company lead: the /companies e-mail lead or the full /hiring request. */
export type CompanyStep = LeadStep<CompanyStage, ColumnsOfKind<CompanyFields, 'text'>>;

/** Creates the company lead of `step.email` or completes the existing one; idempotent. */
export function saveCompany(
  db: Kysely<LeadRecordTables>,
  step: CompanyStep,
  effects?: LeadWriteEffects,
): Promise<SaveResult> {
  return upsertLead(db, 'companies', companyStages, step, {}, effects);
}
