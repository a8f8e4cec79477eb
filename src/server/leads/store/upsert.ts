import type { LeadForm } from '@shared/lead-vocabulary';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Attribution } from '@shared/schemas/attribution';
import { normalizeEmail } from './lead-email';
import type { LeadRecordTables, LeadTable } from './lead-tables';
import { tablesOf } from '../../platform/database/connection';
import { LEAD_CREATED, type LeadCreatedPayload } from './lead-created';
import { enqueueMessages } from '../../platform/outbox/outbox';
import type { OutboxDestination, OutboxTables } from '../../platform/outbox/outbox-tables';
import { recordFormConversions, type SubmissionClient } from '../../conversions';
import { attributionForInsert, attributionForUpdate } from './attribution';
import { readLeadContact } from './lead-contact';
import { presentValues } from './present-values';

/** What a lead write answers: the record's id, and whether this write created it. */
export interface SaveResult {
  id: number;
  created: boolean;
  /** Held back in quarantine (decision 095): `id` is the quarantine row's, never answered. */
  quarantined?: boolean;
}

export { normalizeEmail };

/** One step of a lead's progression (spec section 4), as the routes describe it. */
export interface LeadStep<Stage extends string, Fields extends string> {
  email: string;
  /** The form sent: recorded in the lead's history (lead_submissions) with the write. */
  form?: LeadForm | undefined;
  /** The stage this step reaches; a lead further along keeps its stage. */
  stage: Stage;
  /** Values typed in this step; blanks are ignored. */
  fields?: { [K in Fields]?: string | undefined };
  attribution?: Attribution | undefined;
  /** The request the form came in, for its Meta events (decision 110); not stored on the lead. */
  client?: SubmissionClient | undefined;
}

/**
 * Moves `stage` forward to `target` but never back: a candidate who already applied stays
 * an application when an earlier form is re-sent. Undefined when nothing can change.
 */
export function raiseStage<S extends string>(
  order: readonly S[],
  target: S,
): RawBuilder<S> | undefined {
  const earlier = order.slice(0, order.indexOf(target));
  if (earlier.length === 0) return undefined;
  const stage = sql.ref('stage');
  return sql<S>`case when ${stage} in (${sql.join(earlier)}) then ${target} else ${stage} end`;
}

/** Integer columns a step sets besides its fields: all of them on insert, some on update. */
export interface StepFlags {
  insert?: Record<string, number>;
  update?: Record<string, number>;
}

/** What the 'lead.created' notice of a lead just inserted from `step` says. */
function leadCreatedPayload(
  table: LeadTable,
  id: number,
  step: LeadStep<string, string>,
): LeadCreatedPayload {
  const field = (name: string) => step.fields?.[name]?.trim() || null;
  return {
    type: table === 'candidates' ? 'candidate' : 'company',
    id,
    firstName: field('first_name'),
    lastName: field('last_name'),
    contactName: field('contact_name'),
    companyName: field('company_name'),
    email: step.email.trim(),
    phone: field('phone'),
    sourcePage: step.attribution?.page || null,
    utmSource: step.attribution?.utmSource || null,
    utmCampaign: step.attribution?.utmCampaign || null,
  };
}

/**
 * Creates or moves along the lead of `step.email`; idempotent. Race-free without reading first:
 * INSERT … ON CONFLICT DO NOTHING (it waits for a concurrent insert), else UPDATE; if the row
 * vanished meanwhile (deleted), again.
 */
export async function upsertLead<Stage extends string>(
  db: Kysely<LeadRecordTables>,
  table: LeadTable,
  stages: readonly Stage[],
  step: LeadStep<Stage, string>,
  flags: StepFlags = {},
  /**
   * Where a NEW lead is announced (docs/decisions/075); an update announces nothing. `meta`:
   * the submission's conversion events go to Meta (decision 110), also on an update.
   */
  notify: readonly OutboxDestination[] = [],
): Promise<SaveResult> {
  const emailNormalized = normalizeEmail(step.email);
  const fields = presentValues(step.fields ?? {});
  const now = new Date().toISOString();
  const insert = async () => {
    const row = await db
      .insertInto(table)
      .values({
        email: step.email.trim(),
        email_normalized: emailNormalized,
        stage: step.stage,
        ...fields,
        ...flags.insert,
        ...attributionForInsert(step.attribution),
        created_at: now,
        updated_at: now,
      } as never)
      .onConflict((conflict) => conflict.column('email_normalized').doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id;
  };
  const update = () => {
    const stage = raiseStage(stages, step.stage);
    return db
      .updateTable(table)
      .set({
        ...fields,
        ...(stage ? { stage } : {}),
        ...flags.update,
        ...attributionForUpdate(step.attribution),
        updated_at: now,
      } as never)
      .where('email_normalized', '=', emailNormalized)
      .returning('id')
      .executeTakeFirst();
  };
  // Same transaction as the lead: the history never names a lead that was not saved, and a
  // notice exists exactly when its lead was committed.
  const notices = notify.filter((destination) => destination !== 'meta');
  const recorded = async (result: SaveResult) => {
    if (result.created && notices.length > 0) {
      const payload = leadCreatedPayload(table, result.id, step);
      await enqueueMessages(
        tablesOf<OutboxTables>(db),
        notices.map((destination) => ({
          destination,
          topic: LEAD_CREATED,
          payload,
          subjectType: payload.type,
          subjectId: result.id,
        })),
        now,
      );
    }
    if (notify.includes('meta')) {
      await recordFormConversions(
        db,
        {
          subject: { type: table === 'candidates' ? 'candidate' : 'company', id: result.id },
          created: result.created,
          form: step.form,
          client: step.client,
          sourcePage: step.attribution?.page ?? null,
          fbclid: step.attribution?.fbclid ?? null,
          contact: () => readLeadContact(db, table, result.id),
        },
        now,
      );
    }
    if (step.form) {
      await db
        .insertInto('lead_submissions')
        .values({
          lead_table: table,
          lead_id: result.id,
          form: step.form,
          source_page: step.attribution?.page ?? null,
          fields: step.fields ? JSON.stringify(step.fields) : null,
          attribution: step.attribution ? JSON.stringify(step.attribution) : null,
          consent: step.client?.consent ?? null,
          created_at: now,
        })
        .execute();
    }
    return result;
  };
  for (let attempt = 0; attempt < 3; attempt++) {
    const inserted = await insert();
    if (inserted !== undefined) return recorded({ id: inserted, created: true });
    const updated = await update();
    if (updated) return recorded({ id: updated.id, created: false });
  }
  throw new Error('lead upsert lost three races in a row');
}
