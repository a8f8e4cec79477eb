import type { Generated, GeneratedAlways, Selectable } from 'kysely';
import type { CandidateStatus, CompanyStatus } from '@shared/lead-status';
import { leadRecordColumns } from './lead-columns';
import type { LeadSubmissionsTable } from './lead-tables';
import type { CandidatesTable, CompaniesTable, LeadTable } from './lead-tables';

/** Admin classification (spec section 4), computed by the database from the columns. */
export const candidateLeadTypes = ['questionnaire', 'regular', 'email'] as const;
export type CandidateLeadType = (typeof candidateLeadTypes)[number];
export const companyLeadTypes = ['full', 'email'] as const;
export type CompanyLeadType = (typeof companyLeadTypes)[number];

export const leadTypes: Record<LeadTable, readonly string[]> = {
  candidates: candidateLeadTypes,
  companies: companyLeadTypes,
};

/** A candidate's duplicate keys (match-keys.ts), stored beside the row and indexed. */
export interface MatchKeyColumns {
  /** The phone's digits, if it has at least MIN_PHONE_DIGITS. */
  phone_digits: string | null;
  /** First name, last name and location, lower-cased, when all three are known. */
  name_location_key: string | null;
  /** The e-mail without case and +tag; on Gmail also without dots in the name. */
  email_match_key: string | null;
}

/** The match keys are the admin's too: only its duplicate lookups read them. */
interface CandidateAdminColumns extends MatchKeyColumns {
  lead_type: GeneratedAlways<CandidateLeadType>;
  /** The pipeline's status (040_lead_status): 'new' until the admin changes it. */
  status: Generated<CandidateStatus>;
  search_name: GeneratedAlways<string>;
  search_last_name: GeneratedAlways<string | null>;
  /** The account working the lead (260_lead_assignee); null: unassigned. */
  assignee_id: number | null;
}

interface CompanyAdminColumns {
  /** 'email' when neither company name nor contact name is known. */
  lead_type: GeneratedAlways<CompanyLeadType>;
  status: Generated<CompanyStatus>;
  search_company: GeneratedAlways<string | null>;
  search_contact: GeneratedAlways<string | null>;
  assignee_id: number | null;
}

export type AdminLeadTables = {
  candidates: CandidatesTable & CandidateAdminColumns;
  companies: CompaniesTable & CompanyAdminColumns;
  lead_submissions: LeadSubmissionsTable;
};

/** The assignee's id, and their name where the listing reads it (lead-listing.ts). */
interface AssigneeColumns {
  assignee_id: number | null;
  assignee_name?: string | null;
}

export type CandidateListRow = Selectable<CandidatesTable> &
  AssigneeColumns & { lead_type: CandidateLeadType; status: CandidateStatus };
export type CompanyListRow = Selectable<CompaniesTable> &
  AssigneeColumns & { lead_type: CompanyLeadType; status: CompanyStatus };

/** What a listing reads of a row: every stored column and its type, not the search keys. */
export const listColumns: Record<LeadTable, readonly string[]> = {
  candidates: [...leadRecordColumns.candidates, 'lead_type', 'status', 'assignee_id'],
  companies: [...leadRecordColumns.companies, 'lead_type', 'status', 'assignee_id'],
};
