import {
  type CandidateStage,
  type CompanyStage,
  candidateStages,
  companyStages,
} from '@shared/lead-vocabulary';
import type { Kysely } from 'kysely';
import { derivedColumns } from './derived-columns';
import type { ColumnsOfKind } from '@shared/lead-field';
import type { CandidateFields, CompanyFields } from '@shared/lead-fields';
import { type LeadRecordTables } from './lead-tables';
import { upsertLead, type LeadStep, type LeadWriteEffects, type SaveResult } from './upsert';

export interface CandidateStep extends LeadStep<
  CandidateStage,
  ColumnsOfKind<CandidateFields, 'text'>
> {
  /** Flags only ever go from false to true. */
  questionnaireCompleted?: boolean;
  isQuestionnaireCandidate?: boolean;
}

export type CompanyStep = LeadStep<CompanyStage, ColumnsOfKind<CompanyFields, 'text'>>;

export type TableStep =
  { table: 'candidates'; step: CandidateStep } | { table: 'companies'; step: CompanyStep };

const stagesOf = { candidates: candidateStages, companies: companyStages };

/** Creates the lead of `step.email` or moves the existing one along; idempotent. */
export function saveLead(
  db: Kysely<LeadRecordTables>,
  lead: TableStep,
  effects?: LeadWriteEffects,
): Promise<SaveResult> {
  const raise =
    lead.table === 'candidates'
      ? {
          ...(lead.step.questionnaireCompleted ? { questionnaire_completed: 1 } : {}),
          ...(lead.step.isQuestionnaireCandidate ? { is_questionnaire_candidate: 1 } : {}),
        }
      : {};
  const flags = { raise, derived: derivedColumns[lead.table] };
  return upsertLead<string>(db, lead.table, stagesOf[lead.table], lead.step, flags, effects);
}
