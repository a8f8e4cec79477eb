import type { Generated, GeneratedAlways, Selectable } from 'kysely';
import type { CandidateStatus, CompanyStatus } from '@shared/lead-status';
import { leadRecordColumns } from './lead-columns';
import type {
  CandidatesTable,
  CompaniesTable,
  LeadSubmissionsTable,
  LeadTable,
} from './lead-tables';

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

/** Computed by the database, and the pipeline's: 'new' until the team moves it; null: unassigned. */
interface AdminColumns<Type, Status> {
  lead_type: GeneratedAlways<Type>;
  status: Generated<Status>;
  assignee_id: number | null;
  /** The team's last step (status, owner, note); activity_at: it or a form's write, the later. */
  worked_at: string | null;
  activity_at: GeneratedAlways<string>;
}

interface CandidateAdminColumns
  extends MatchKeyColumns, AdminColumns<CandidateLeadType, CandidateStatus> {
  /** Folded (derived-columns.ts): without case or accents. */
  search_name: string | null;
  search_last_name: string | null;
}

interface CompanyAdminColumns extends AdminColumns<CompanyLeadType, CompanyStatus> {
  search_company: string | null;
  search_contact: string | null;
}

export type AdminLeadTables = {
  candidates: CandidatesTable & CandidateAdminColumns;
  companies: CompaniesTable & CompanyAdminColumns;
  lead_submissions: LeadSubmissionsTable;
};

type ListRow<Table, Type, Status> = Selectable<Table> &
  Selectable<AdminColumns<Type, Status>> & { assignee_name?: string | null };

export type CandidateListRow = ListRow<CandidatesTable, CandidateLeadType, CandidateStatus>;
export type CompanyListRow = ListRow<CompaniesTable, CompanyLeadType, CompanyStatus>;

const adminListColumns = ['lead_type', 'status', 'assignee_id', 'activity_at'] as const;

/** What a listing reads of a row: every stored column and its type, not the search keys. */
export const listColumns: Record<LeadTable, readonly string[]> = {
  candidates: [...leadRecordColumns.candidates, ...adminListColumns],
  companies: [...leadRecordColumns.companies, ...adminListColumns],
};
