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
import { companyStages, type CompanyStage, type Database } from './schema';

type CompanyText = Pick<
  Database['companies'],
  | 'company_name'
  | 'contact_name'
  | 'title'
  | 'company_size'
  | 'talent_needs'
  | 'timeline'
  | 'comments'
>;

/** One step of a company lead: the /companies e-mail lead or the full /hiring request. */
export interface CompanyStep {
  email: string;
  stage: CompanyStage;
  fields?: { [K in keyof CompanyText]?: string | undefined };
  attribution?: Attribution | undefined;
}

/** Creates the company lead of `step.email` or completes the existing one; idempotent. */
export function saveCompany(db: Kysely<Database>, step: CompanyStep): Promise<SaveResult> {
  const emailNormalized = normalizeEmail(step.email);
  const fields = presentValues(step.fields ?? {});
  const now = nowIso();
  return insertOrUpdate({
    insert: () =>
      db
        .insertInto('companies')
        .values({
          email: step.email.trim(),
          email_normalized: emailNormalized,
          stage: step.stage,
          ...fields,
          ...attributionForInsert(step.attribution),
          created_at: now,
          updated_at: now,
        })
        .onConflict((conflict) => conflict.column('email_normalized').doNothing())
        .returning('id')
        .executeTakeFirst(),
    update: () => {
      const stage = raiseStage(companyStages, step.stage);
      return db
        .updateTable('companies')
        .set({
          ...fields,
          ...(stage ? { stage } : {}),
          ...attributionForUpdate(step.attribution),
          updated_at: now,
        })
        .where('email_normalized', '=', emailNormalized)
        .returning('id')
        .executeTakeFirst();
    },
  });
}
