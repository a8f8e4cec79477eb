import { type CandidateStage, candidateStages } from '@shared/lead-vocabulary';
import type { Kysely } from 'kysely';
import { matchKeys } from './match-keys';
import type { ColumnsOfKind } from '@shared/lead-field';
import type { CandidateFields } from '@shared/lead-fields';
import { type LeadRecordTables } from './lead-tables';
import { upsertLead, type LeadStep, type LeadWriteEffects, type SaveResult } from './upsert';

/** One step of a candidate's progression (spec section 4), as the routes describe it. */
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
      insert: {
        questionnaire_completed: step.questionnaireCompleted ? 1 : 0,
        is_questionnaire_candidate: step.isQuestionnaireCandidate ? 1 : 0,
      },
      update: {
        ...(step.questionnaireCompleted ? { questionnaire_completed: 1 } : {}),
        ...(step.isQuestionnaireCandidate ? { is_questionnaire_candidate: 1 } : {}),
      },
      derived: matchKeys,
    },
    effects,
  );
}
