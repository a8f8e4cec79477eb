import type { CandidateStage, CompanyStage, SubmissionForm } from '@shared/lead-vocabulary';
import type { Generated } from 'kysely';
import type { AnyFields, ColumnsOfKind, ContactKind } from '@shared/lead-field';
import type { AttributionFields, CandidateFields, CompanyFields } from '@shared/lead-fields';
import type { LeadQuarantineTables } from './quarantine-tables';
import type { ConsentSignal } from '@shared/schemas/conversion';
import type { LeadKind } from '@shared/lead-status';

/* One row per e-mail, both databases alike (decision 010): ISO text times, 0/1, NULL blank. */
type TextColumns<Fields extends AnyFields> = {
  [Column in ColumnsOfKind<Fields, 'text'>]: string | null;
};
type FlagColumns<Fields extends AnyFields> = { [Column in ColumnsOfKind<Fields, 'flag'>]: number };

export type AttributionColumns = TextColumns<AttributionFields>;

interface LeadColumns extends AttributionColumns {
  id: Generated<number>;
  email: string;
  email_normalized: string;
  created_at: string;
  updated_at: string;
  reminders_stopped_at: string | null;
  /** The generation of the lead's form proofs (decision 176); 0: none given yet. */
  proof_issued: Generated<number>;
  /** Forms without the proof waiting for the admin's review; 0 once reviewed. */
  unverified_forms: Generated<number>;
  /** Forms past the history's cap (LEAD_HISTORY_LIMIT): counted, not kept. */
  submissions_not_kept: Generated<number>;
}

export interface CandidatesTable
  extends LeadColumns, TextColumns<CandidateFields>, FlagColumns<CandidateFields> {
  stage: CandidateStage;
}

export interface CompaniesTable extends LeadColumns, TextColumns<CompanyFields> {
  stage: CompanyStage;
}

/** One row per accepted form, written with the lead's upsert; the lead keeps its latest state. */
export interface LeadSubmissionsTable {
  id: Generated<number>;
  lead_table: LeadTable;
  lead_id: number;
  form: SubmissionForm;
  source_page: string | null;
  /** JSON: the form's validated fields as sent, by column (blanks included), or null. */
  fields: string | null;
  /** JSON: the form's attribution as sent (page, variant, UTM values, referrer), or null. */
  attribution: string | null;
  consent: ConsentSignal | null;
  /** 1: sent with the lead's proof (or created the lead); 0: without it (migration 160). */
  verified: Generated<number>;
  created_at: string;
}

/** A secondary contact: an e-mail or phone a merge kept of the other lead (decision 161). */
export interface LeadContactsTable {
  id: Generated<number>;
  lead_table: LeadTable;
  lead_id: number;
  kind: ContactKind;
  /** As the lead held it. */
  value: string;
  /** What finds it: the e-mail as `email_normalized` holds it, or the phone's digits. */
  search_key: string;
  created_at: string;
}

export type LeadRecordTables = {
  candidates: CandidatesTable;
  companies: CompaniesTable;
  lead_submissions: LeadSubmissionsTable;
} & LeadQuarantineTables;

export const leadTables = ['candidates', 'companies'] as const;
export type LeadTable = (typeof leadTables)[number];

export const leadTypeOf = (table: LeadTable): LeadKind =>
  table === 'candidates' ? 'candidate' : 'company';
export const leadTableOf = (type: LeadKind): LeadTable =>
  type === 'candidate' ? 'candidates' : 'companies';

export interface LeadRef {
  table: LeadTable;
  id: number;
}

/** A lead a form proof names, at the generation of the lead's proofs it was given. */
export interface LeadProof extends LeadRef {
  generation: number;
}

/** Whether `proofs` name the lead `table`/`row` at its current generation (`proof_issued`). */
export const provesLead = (
  proofs: readonly LeadProof[],
  table: LeadTable,
  row: { id: number; proof_issued: number },
) =>
  proofs.some(
    (proof) =>
      proof.table === table && proof.id === row.id && proof.generation === row.proof_issued,
  );
