import type { Generated, GeneratedAlways, Insertable, Selectable } from 'kysely';
import type { AdminLoginFailuresTable, AdminSessionsTable } from './admin-schema';

/**
 * The stored shape of leads, identical on SQLite and PostgreSQL: only text and integer
 * columns (see docs/decisions/010-lead-storage-sqlite-and-postgres.md). Timestamps are ISO
 * 8601 UTC text ('2025-04-18T09:30:00.000Z'), which sorts correctly as text; booleans are
 * 0/1 integers; blanks are stored as NULL so "no value" has one spelling.
 */

/** Candidate lead stages, in the order a candidate moves through them (spec section 4). */
export const candidateStages = ['email', 'questionnaire', 'application'] as const;
export type CandidateStage = (typeof candidateStages)[number];

/** Company lead stages: the /companies e-mail lead, then the full /hiring request. */
export const companyStages = ['email', 'request'] as const;
export type CompanyStage = (typeof companyStages)[number];

/** Where the lead came from; first touch wins (see leads/attribution.ts). */
export interface AttributionColumns {
  source_page: string | null;
  landing_variant: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  utm_content: string | null;
  referrer: string | null;
}

interface LeadColumns extends AttributionColumns {
  /** Integer that grows with insertion order, so listings can page by id. */
  id: Generated<number>;
  /** As the visitor first typed it (trimmed). */
  email: string;
  /** lower(trim(email)): one record per address, whatever its case. */
  email_normalized: string;
  created_at: string;
  updated_at: string;
}

export interface CandidatesTable extends LeadColumns {
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  location: string | null;
  education_level: string | null;
  tech_experience: string | null;
  reason: string | null;
  /** 0/1: the questionnaire was completed. */
  typeform_completed: number;
  /** 0/1: the candidate started through /candidates and the questionnaire. */
  is_typeform_candidate: number;
  /** Answers of the built-in questionnaire. */
  availability: string | null;
  full_time: string | null;
  relocation: string | null;
  questionnaire_location: string | null;
  motivation: string | null;
  stage: CandidateStage;
  /** Generated: the admin tab of this lead (spec section 4), see admin-migrations.ts. */
  lead_type: GeneratedAlways<CandidateLeadType>;
  /** Generated search keys (lower-cased), see admin-migrations.ts. */
  search_name: GeneratedAlways<string>;
  search_last_name: GeneratedAlways<string | null>;
}

export interface CompaniesTable extends LeadColumns {
  company_name: string | null;
  contact_name: string | null;
  title: string | null;
  company_size: string | null;
  talent_needs: string | null;
  timeline: string | null;
  comments: string | null;
  stage: CompanyStage;
  /** Generated: 'email' when neither company name nor contact name is known. */
  lead_type: GeneratedAlways<CompanyLeadType>;
  /** Generated search keys (lower-cased), see admin-migrations.ts. */
  search_company: GeneratedAlways<string | null>;
  search_contact: GeneratedAlways<string | null>;
}

/** Admin classification (spec section 4), computed by the database from the columns. */
export const candidateLeadTypes = ['typeform', 'regular', 'email'] as const;
export type CandidateLeadType = (typeof candidateLeadTypes)[number];
export const companyLeadTypes = ['full', 'email'] as const;
export type CompanyLeadType = (typeof companyLeadTypes)[number];

export interface Database {
  candidates: CandidatesTable;
  companies: CompaniesTable;
  admin_sessions: AdminSessionsTable;
  admin_login_failures: AdminLoginFailuresTable;
}

export type CandidateRow = Selectable<CandidatesTable>;
export type NewCandidate = Insertable<CandidatesTable>;
export type CompanyRow = Selectable<CompaniesTable>;
export type NewCompany = Insertable<CompaniesTable>;
