import type { Kysely } from 'kysely';
import type { candidateTextColumns } from './lead-columns';
import { candidateStages, type CandidateStage, type LeadRecordTables } from './lead-tables';
import type { OutboxDestination } from '../../platform/outbox/outbox-tables';
import { upsertLead, type LeadStep, type SaveResult } from './upsert';

/** One step of a candidate's progression (spec section 4), as the routes describe it. */
export interface CandidateStep extends LeadStep<
  CandidateStage,
  (typeof candidateTextColumns)[number]
> {
  /** Flags only ever go from false to true. */
  typeformCompleted?: boolean;
  isTypeformCandidate?: boolean;
}

/** Creates the candidate of `step.email` or moves the existing one along; idempotent. */
export function saveCandidate(
  db: Kysely<LeadRecordTables>,
  step: CandidateStep,
  notify: readonly OutboxDestination[] = [],
): Promise<SaveResult> {
  return upsertLead(
    db,
    'candidates',
    candidateStages,
    step,
    {
      insert: {
        typeform_completed: step.typeformCompleted ? 1 : 0,
        is_typeform_candidate: step.isTypeformCandidate ? 1 : 0,
      },
      update: {
        ...(step.typeformCompleted ? { typeform_completed: 1 } : {}),
        ...(step.isTypeformCandidate ? { is_typeform_candidate: 1 } : {}),
      },
    },
    notify,
  );
}
