import type { LeadForm } from '@shared/lead-vocabulary';
import { sql, type Kysely } from 'kysely';
import { postedNames, valuesByColumn } from '@shared/lead-field';
import { attributionFields } from '@shared/lead-fields';
import type { Attribution } from '@shared/schemas/attribution';
import type { SubmissionClient } from '../../conversions';
import { hasTouch } from './lead-columns';
import { keepInHistory } from './lead-history';
import {
  provesLead,
  type AttributionColumns,
  type LeadProof,
  type LeadRecordTables,
  type LeadRef,
  type LeadTable,
} from './lead-tables';

/** One lead per e-mail whatever its case or spaces; `email_normalized` holds this form. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/** The fields with a value (a blank never erases data), NUL dropped (PostgreSQL refuses it). */
export function presentValues<T extends Record<string, string | null | undefined>>(
  fields: T,
): Partial<Record<keyof T, string>> {
  const out: Partial<Record<keyof T, string>> = {};
  for (const [key, value] of Object.entries(fields) as [keyof T, T[keyof T]][]) {
    const clean = typeof value === 'string' ? value.replaceAll('\u0000', '') : '';
    if (clean.trim() !== '') out[key] = clean;
  }
  return out;
}

const postedAttribution = postedNames(attributionFields);

const attributionValues = (attribution: Attribution | undefined) =>
  presentValues(valuesByColumn(postedAttribution, attribution)) as Partial<AttributionColumns>;

export interface SaveResult {
  id: number;
  created: boolean;
  /** Held back in quarantine: `id` is the quarantine row's, never answered. */
  quarantined?: boolean;
  /** The browser gets the lead's form proof: this form created it, or came with its mailbox. */
  proofIssued?: boolean;
  /** The generation of the lead's proofs the browser gets, when not 1 (a new lead's). */
  proofGeneration?: number;
}

/** One step of a lead's progression (spec section 4), as the routes describe it. */
export interface LeadStep<Stage extends string, Fields extends string> {
  email: string;
  /** The form sent: recorded in the lead's history (lead_submissions) with the write. */
  form?: LeadForm | undefined;
  /** The stage this step reaches; a lead further along keeps its stage. */
  stage: Stage;
  fields?: { [K in Fields]?: string | undefined };
  attribution?: Attribution | undefined;
  /** The request the form came in, for its Meta events; not stored on the lead. */
  client?: SubmissionClient | undefined;
  /** The leads the request's form proof names; without its lead's, it may only fill. */
  proofs?: readonly LeadProof[] | undefined;
  /** The address the request's mailbox proof names (normalizeEmail): it owns that lead. */
  mailbox?: string | undefined;
}

/** Integer columns a step sets besides its fields (a new lead's others keep their default, 0). */
interface StepFlags {
  raise?: Record<string, number>;
  /** Columns computed from the row, written with every change (derived-columns.ts). */
  derived?: (row: Record<string, unknown> & { email: string }) => object;
}

export interface LeadWrite extends LeadRef {
  created: boolean;
  /** The request proves the lead: only then may it reach Meta. */
  verified: boolean;
  /** It moved a known lead to its last stage: its completing form, news to the team once. */
  completed: boolean;
  /** The lead's columns after the write: what its notices show, not what a stranger sent. */
  stored: Record<string, unknown>;
}
type WriteFacts = Omit<LeadWrite, keyof LeadRef | 'created'>;

/** What a write does after the record, in its transaction (notices, assignee, conversions). */
export type LeadWriteEffects = (
  db: Kysely<LeadRecordTables>,
  write: LeadWrite,
  step: LeadStep<string, string>,
  now: string,
) => Promise<void>;

type LeadRow = Record<string, unknown> & { id: number; stage: string; proof_issued: number };

/** Without the proof only blanks fill (`refused`: it sent another value); stages only rise. */
function changesOf(
  lead: LeadRow,
  stages: readonly string[],
  step: LeadStep<string, string>,
  flags: Record<string, number>,
  verified: boolean,
) {
  const changes: Record<string, unknown> = {};
  let refused = false;
  for (const [column, value] of Object.entries(presentValues(step.fields ?? {}))) {
    if (lead[column] === value) continue;
    if (verified || lead[column] === null) changes[column] = value;
    else refused = true;
  }
  if (!hasTouch(lead)) Object.assign(changes, attributionValues(step.attribution));
  for (const [column, value] of Object.entries(flags)) {
    if (lead[column] !== value) changes[column] = value;
  }
  if (stages.indexOf(step.stage) > stages.indexOf(lead.stage)) changes.stage = step.stage;
  return { changes, refused };
}

/** Creates or moves along the lead of `step.email`, idempotent and race-free (decision 176). */
export async function upsertLead<Stage extends string>(
  db: Kysely<LeadRecordTables>,
  table: LeadTable,
  stages: readonly Stage[],
  step: LeadStep<Stage, string>,
  flags: StepFlags = {},
  effects?: LeadWriteEffects,
): Promise<SaveResult> {
  const emailNormalized = normalizeEmail(step.email);
  const now = new Date().toISOString();
  const insert = async () => {
    const values = {
      email: step.email.trim(),
      email_normalized: emailNormalized,
      stage: step.stage,
      ...presentValues(step.fields ?? {}),
      ...flags.raise,
      ...attributionValues(step.attribution),
      proof_issued: 1,
      created_at: now,
      updated_at: now,
    };
    const row = await db
      .insertInto(table)
      .values({ ...values, ...flags.derived?.(values) } as never)
      .onConflict((conflict) => conflict.column('email_normalized').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!row) return undefined;
    const facts = { verified: true, completed: false, stored: values };
    return { result: { id: row.id, created: true, proofIssued: true }, facts };
  };
  const update = async () => {
    // A no-op update reads the lead under its row lock (PostgreSQL): no concurrent form races it.
    const lead = (await db
      .updateTable(table)
      .set({ proof_issued: sql`proof_issued` } as never)
      .where('email_normalized', '=', emailNormalized)
      .returningAll()
      .executeTakeFirst()) as LeadRow | undefined;
    if (!lead) return undefined;
    // Only the mailbox claims a lead, also one from before the proof (decision 176).
    const claimed = step.mailbox === emailNormalized;
    const verified = claimed || provesLead(step.proofs ?? [], table, lead);
    const { changes, refused } = changesOf(lead, stages, step, flags.raise ?? {}, verified);
    const changed = Object.keys(changes).length > 0;
    // The row after the write: its derived columns' source, and what its notices show.
    const stored = { ...lead, ...changes } as LeadRow & { email: string };
    // A write without the proof that changes nothing leaves updated_at (retention) alone.
    if (verified || changed || refused) {
      await db
        .updateTable(table)
        .set({
          ...changes,
          ...(changed ? flags.derived?.(stored) : {}),
          ...(verified || changed ? { updated_at: now } : {}),
          ...(claimed && lead.proof_issued === 0 ? { proof_issued: 1 } : {}),
          ...(verified ? {} : { unverified_forms: sql`unverified_forms + 1` }),
        } as never)
        .where('id', '=', lead.id)
        .execute();
    }
    const proof = claimed ? { proofGeneration: Math.max(lead.proof_issued, 1) } : {};
    const result = { id: lead.id, created: false, proofIssued: claimed, ...proof };
    return { result, facts: { verified, completed: changes.stage === stages.at(-1), stored } };
  };
  // In the lead's transaction: history and notices exist exactly when the lead was committed.
  const recorded = async (result: SaveResult, facts: WriteFacts) => {
    if (step.form) {
      const form = {
        lead_table: table,
        lead_id: result.id,
        form: step.form,
        source_page: step.attribution?.page ?? null,
        fields: step.fields ? JSON.stringify(step.fields) : null,
        attribution: step.attribution ? JSON.stringify(step.attribution) : null,
        consent: step.client?.consent ?? null,
        verified: facts.verified ? 1 : 0,
        created_at: now,
      };
      await keepInHistory(db, form, result.created);
    }
    const write = { table, id: result.id, created: result.created, ...facts };
    await effects?.(db, write, step, now);
    return result;
  };
  for (let attempt = 0; attempt < 3; attempt++) {
    const saved = (await insert()) ?? (await update());
    if (saved) return recorded(saved.result, saved.facts);
  }
  throw new Error('lead upsert lost three races in a row');
}
