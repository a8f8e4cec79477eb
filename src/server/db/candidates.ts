import type { Kysely } from 'kysely';
import type { Attribution } from '../../shared/schemas/attribution';
import {
  attributionForInsert,
  attributionForUpdate,
  insertOrUpdate,
  normalizeEmail,
  nowIso,
  presentValues,
  raiseStage,
  type SaveResult,
} from './lead-writes';
import { candidateStages, type CandidateStage, type Database } from './schema';

type CandidateText = Pick<
  Database['candidates'],
  | 'first_name'
  | 'last_name'
  | 'phone'
  | 'location'
  | 'education_level'
  | 'tech_experience'
  | 'reason'
  | 'availability'
  | 'full_time'
  | 'relocation'
  | 'questionnaire_location'
  | 'motivation'
>;

/** One step of a candidate's progression (spec section 4), as the routes describe it. */
export interface CandidateStep {
  email: string;
  /** The stage this step reaches; a lead further along keeps its stage. */
  stage: CandidateStage;
  /** Values typed in this step; blanks are ignored. */
  fields?: { [K in keyof CandidateText]?: string | undefined };
  /** Flags only ever go from false to true. */
  typeformCompleted?: boolean;
  isTypeformCandidate?: boolean;
  attribution?: Attribution | undefined;
}

/** Creates the candidate of `step.email` or moves the existing one along; idempotent. */
export function saveCandidate(db: Kysely<Database>, step: CandidateStep): Promise<SaveResult> {
  const emailNormalized = normalizeEmail(step.email);
  const fields = presentValues(step.fields ?? {});
  const now = nowIso();
  return insertOrUpdate({
    insert: () =>
      db
        .insertInto('candidates')
        .values({
          email: step.email.trim(),
          email_normalized: emailNormalized,
          stage: step.stage,
          ...fields,
          typeform_completed: step.typeformCompleted ? 1 : 0,
          is_typeform_candidate: step.isTypeformCandidate ? 1 : 0,
          ...attributionForInsert(step.attribution),
          created_at: now,
          updated_at: now,
        })
        .onConflict((conflict) => conflict.column('email_normalized').doNothing())
        .returning('id')
        .executeTakeFirst(),
    update: () => {
      const stage = raiseStage(candidateStages, step.stage);
      return db
        .updateTable('candidates')
        .set({
          ...fields,
          ...(stage ? { stage } : {}),
          ...(step.typeformCompleted ? { typeform_completed: 1 } : {}),
          ...(step.isTypeformCandidate ? { is_typeform_candidate: 1 } : {}),
          ...attributionForUpdate(step.attribution),
          updated_at: now,
        })
        .where('email_normalized', '=', emailNormalized)
        .returning('id')
        .executeTakeFirst();
    },
  });
}
