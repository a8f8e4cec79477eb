/*
 * The lead context's one public module (docs/decisions/145): other capabilities import only this
 * file (ESLint enforces it); the rest of src/server/leads is private.
 */
import type { MigrationSet } from '../platform/database/migration-runner';
import { formFlashMigrations, type FormFlashTables } from './workflows/capture/flash-store';
import {
  addressCounterMigrations,
  type AddressCounterTables,
} from './workflows/screening/address-counters';
import { altchaUsedMigrations, type AltchaUsedTables } from './workflows/screening/altcha-used';
import { leadRecordMigrations } from './records/migrations/create-lead-tables';
import type { LeadRecordTables } from './records/lead-tables';
import { adminListingMigrations } from './records/migrations/listing-migrations';
import type { AdminLeadTables } from './records/listing-tables';
import { pipelineMigrations } from './records/migrations/pipeline-migrations';
import type { PipelineTables } from './records/pipeline-tables';
import { submissionConsentMigrations } from './records/migrations/submission-consent';
import { personChoiceMigrations } from './records/migrations/person-choices';
import { statusLinkMigrations, type StatusLinkTables } from './workflows/people/status-link';
import { leadProofMigrations } from './records/migrations/proof-migrations';
import { quarantineDroppedMigrations } from './records/migrations/quarantine-migrations';
import { reminderMigrations, type ReminderTables } from './workflows/messages/candidate-reminders';
import { matchKeyMigrations } from './records/migrations/match-key-migrations';
import {
  messageTemplateMigrations,
  type MessageTemplateTables,
} from './workflows/pipeline/message-templates';
import { assignmentMigrations } from './workflows/pipeline/lead-assignment';

/** Every table and column the lead context owns. */
export type LeadTables = LeadRecordTables &
  AdminLeadTables &
  PipelineTables &
  AddressCounterTables &
  AltchaUsedTables &
  FormFlashTables &
  StatusLinkTables &
  ReminderTables &
  MessageTemplateTables;

/** The lead context's migrations; the runner orders every capability's by name. */
export const leadMigrations: readonly MigrationSet[] = [
  leadRecordMigrations,
  adminListingMigrations,
  pipelineMigrations,
  submissionConsentMigrations,
  statusLinkMigrations,
  personChoiceMigrations,
  leadProofMigrations,
  quarantineDroppedMigrations,
  reminderMigrations,
  messageTemplateMigrations,
  matchKeyMigrations,
  assignmentMigrations,
];

/** Its tables of rows a crash may forget (DatabaseConnection.ephemeral). */
export const leadEphemeralMigrations: readonly MigrationSet[] = [
  addressCounterMigrations,
  altchaUsedMigrations,
  formFlashMigrations,
];

// Capture: the public forms' routes, screened for spam.
export { leadsPlugin } from './leads-plugin';
export { LEAD_FLOOD_LIMIT } from './workflows/capture/lead-capture';
export { spamPlugin } from './workflows/screening/spam-plugin';
export { secondsLeft, type AddressCounters } from './workflows/screening/address-counters';
// What the product says to the person: confirmation, reminders, unsubscribe, lost link.
export { personMessagesPlugin } from './workflows/messages/person-messages-plugin';
// A form posted without JavaScript hands its messages or prefill to the next page.
export { FlashStore, type FormFlashTables } from './workflows/capture/flash-store';
export { FormHandoff } from './workflows/capture/form-handoff';
export { wantsHtml } from './workflows/capture/html-form-posts';
export { INVALID_FIELDS_MESSAGE, validateBody } from './workflows/capture/lead-route';
export type { LeadCreatedPayload } from './records/lead-created';

// The record.
export type { LeadRecordTables, LeadTable } from './records/lead-tables';
export type {
  AdminLeadTables,
  CandidateLeadType,
  CompanyLeadType,
  CandidateListRow,
  CompanyListRow,
} from './records/listing-tables';
export { normalizeEmail } from './records/lead-email';
export { funnelLeadsQuery, placedByDayQuery, type FunnelDimension } from './reads/lead-funnel';

// The team's desk: listing, search, one lead, overview figures, pipeline.
export { LeadDesk, type ListSelection as LeadSelection } from './lead-desk';
export { LeadListing, type Page } from './reads/lead-listing';
export { boardCardSchema, boardCardView, boardColumn } from './reads/lead-board';
export { Overview } from './reads/overview-figures';
export { decodeCursor, encodeCursor } from './reads/cursor';
export {
  errorBody,
  leadIdParams,
  candidateSchema,
  candidateView,
  companySchema,
  companyView,
  leadEmailSchema,
  leadEmailView,
} from './reads/lead-views';

// Export to CSV.
export { exportTabs, type ExportTab } from './reads/export/export-tabs';
export { BOM, csvLines } from './reads/export/csv';

// Pipeline: status, notes, history.
export { LeadPipeline } from './workflows/pipeline/lead-pipeline';
export { BULK_LIMIT, type BulkChange } from './workflows/pipeline/bulk-changes';
export type { PipelineTables, LeadActivityTable } from './records/pipeline-tables';
export { eraseActivity, findActivity } from './workflows/pipeline/lead-activity';
// Stage-change messages: the admin's template per lead type and status.
export {
  MessageTemplates,
  type MessageTemplateTables,
} from './workflows/pipeline/message-templates';
// Assignment: who may hold leads, and setting the assignee of many at once (bulk).
export {
  assignLeads,
  findAssignee,
  listAssignees,
  type Assignee,
} from './workflows/pipeline/lead-assignment';

// Quarantine.
export {
  eraseQuarantined,
  findQuarantined,
  quarantineFigures,
  QUARANTINE_DAILY_LIMIT,
  QUARANTINE_DAYS,
} from './workflows/quarantine/lead-quarantine';
export type { LeadQuarantineTable, LeadQuarantineTables } from './records/quarantine-tables';

// A person: find and erase.
export { eraseSubmissions, findSubmissions } from './records/lead-submissions';
export type { LeadSubmissionsTable } from './records/lead-tables';
export {
  eraseLeadRows,
  findLeadsByEmail,
  leadIdsNotUpdatedSince,
} from './workflows/people/lead-subject';
export { deleteStatusLinks, STATUS_PATH } from './workflows/people/status-link';

// The person's status page (issue 21): their proof, what it shows, what they may do.
export { leadProofKey } from './workflows/people/lead-proof';
export { StatusPage, type StatusAnswer } from './workflows/people/status-page';
