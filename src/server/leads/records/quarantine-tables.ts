import type { LeadForm } from '@shared/lead-vocabulary';
import type { Generated } from 'kysely';

/** A suspect submission, kept out of tabs, counts and notices; a release replays its step. */

export interface LeadQuarantineTable {
  id: Generated<number>;
  /** The lead table the step writes when released. */
  lead_table: 'candidates' | 'companies';
  form: LeadForm;
  /** As typed (trimmed), so the admin can recognise a person; never logged. */
  email: string;
  /** JSON: the lead step (e-mail, form, stage, fields, attribution, flags) to replay. */
  step: string;
  /** Comma-separated QuarantineReason values. */
  reasons: string;
  /** The client's user agent (first 300 characters), for the admin's judgement. */
  user_agent: string | null;
  received_at: string;
}

export type LeadQuarantineTables = {
  lead_quarantine: LeadQuarantineTable;
  /** Secrets the server generates once and shares between instances. */
  spam_keys: { name: string; value: string };
  /** Forms quarantined past an address's daily bound (UTC day, YYYY-MM-DD), bodies not kept. */
  lead_quarantine_dropped: { day: string; forms: number };
};
