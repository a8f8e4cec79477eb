import type { Generated, GeneratedAlways, Selectable } from 'kysely';
import type { CandidateStatus, CompanyStatus } from '@shared/lead-status';
import type { MatchKeyColumns } from '../duplicates/match-keys';
import { leadRecordColumns } from './lead-columns';
import type { LeadSubmissionsTable } from './lead-submissions';
import type { CandidatesTable, CompaniesTable, LeadTable } from './lead-tables';

/*
 * The admin's generated columns on the lead tables (listing-migrations.ts): the spec's
 * classification (section 4) and the search keys.
 */

/** Admin classification (spec section 4), computed by the database from the columns. */
export const candidateLeadTypes = ['questionnaire', 'regular', 'email'] as const;
export type CandidateLeadType = (typeof candidateLeadTypes)[number];
export const companyLeadTypes = ['full', 'email'] as const;
export type CompanyLeadType = (typeof companyLeadTypes)[number];

export const leadTypes: Record<LeadTable, readonly string[]> = {
  candidates: candidateLeadTypes,
  companies: companyLeadTypes,
};

/** The match keys (decision 161) are the admin's too: only its duplicate lookups read them. */
interface CandidateAdminColumns extends MatchKeyColumns {
  /** The admin tab of this lead. */
  lead_type: GeneratedAlways<CandidateLeadType>;
  /** The pipeline's status (040_lead_status): 'new' until the admin changes it. */
  status: Generated<CandidateStatus>;
  search_name: GeneratedAlways<string>;
  search_last_name: GeneratedAlways<string | null>;
}

interface CompanyAdminColumns {
  /** 'email' when neither company name nor contact name is known. */
  lead_type: GeneratedAlways<CompanyLeadType>;
  status: Generated<CompanyStatus>;
  search_company: GeneratedAlways<string | null>;
  search_contact: GeneratedAlways<string | null>;
}

/** The lead tables as the admin reads them, for `tablesOf<AdminLeadTables>(db)`. */
export type AdminLeadTables = {
  candidates: CandidatesTable & CandidateAdminColumns;
  companies: CompaniesTable & CompanyAdminColumns;
  /** Each lead's accepted forms (platform/lead-records); deleted with the lead. */
  lead_submissions: LeadSubmissionsTable;
};

export type CandidateListRow = Selectable<CandidatesTable> & {
  lead_type: CandidateLeadType;
  status: CandidateStatus;
};
export type CompanyListRow = Selectable<CompaniesTable> & {
  lead_type: CompanyLeadType;
  status: CompanyStatus;
};

/** What a listing reads of a row: every stored column and its type, not the search keys. */
export const listColumns: Record<LeadTable, readonly string[]> = {
  candidates: [...leadRecordColumns.candidates, 'lead_type', 'status'],
  companies: [...leadRecordColumns.companies, 'lead_type', 'status'],
};
