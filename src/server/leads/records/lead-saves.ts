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

/** Creates the candidate of `step.email` or moves the existing one along; idempotent. */
export function saveCandidate(
  db: Kysely<LeadRecordTables>,
  step: CandidateStep,
  effects?: LeadWriteEffects,
): Promise<SaveResult> {
  return upsertLead(
    db,
    'candidates',
    candidateStages,
    step,
    {
      raise: {
        ...(step.questionnaireCompleted ? { questionnaire_completed: 1 } : {}),
        ...(step.isQuestionnaireCandidate ? { is_questionnaire_candidate: 1 } : {}),
      },
      derived: derivedColumns.candidates,
    },
    effects,
  );
}

const companyFlags = { derived: derivedColumns.companies };

export type CompanyStep = LeadStep<CompanyStage, ColumnsOfKind<CompanyFields, 'text'>>;

/** Creates the company lead of `step.email` or completes the existing one; idempotent. */
export function saveCompany(
  db: Kysely<LeadRecordTables>,
  step: CompanyStep,
  effects?: LeadWriteEffects,
): Promise<SaveResult> {
  return upsertLead(db, 'companies', companyStages, step, companyFlags, effects);
}

export type TableStep =
  { table: 'candidates'; step: CandidateStep } | { table: 'companies'; step: CompanyStep };

export const saveLead = (
  db: Kysely<LeadRecordTables>,
  lead: TableStep,
  effects?: LeadWriteEffects,
) =>
  lead.table === 'candidates'
    ? saveCandidate(db, lead.step, effects)
    : saveCompany(db, lead.step, effects);
