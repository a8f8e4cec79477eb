/*
 * The lead context's one public module (docs/decisions/145): other capabilities import only this
 * file (ESLint enforces it); the rest of src/server/leads is private.
 */
import type { MigrationSet } from '../platform/database/migration-runner';
import { formFlashMigrations, type FormFlashTables } from './capture/flash-store';
import { addressCounterMigrations, type AddressCounterTables } from './screening/address-counters';
import { altchaUsedMigrations, type AltchaUsedTables } from './screening/altcha-used';
import { leadRecordMigrations } from './store/create-lead-tables';
import type { LeadRecordTables } from './store/lead-tables';
import { adminListingMigrations } from './store/listing-migrations';
import type { AdminLeadTables } from './store/listing-tables';
import { pipelineMigrations } from './pipeline/pipeline-migrations';
import type { PipelineTables } from './pipeline/pipeline-tables';
import { submissionConsentMigrations } from './store/submission-consent';
import { personChoiceMigrations } from './people/person-choices';
import { statusLinkMigrations, type StatusLinkTables } from './people/status-link';
import { leadProofMigrations } from './people/proof-migrations';
import { quarantineDroppedMigrations } from './quarantine/lead-quarantine';
import { reminderMigrations, type ReminderTables } from './messages/candidate-reminders';
import { matchKeyMigrations } from './duplicates/match-key-migrations';
import {
  messageTemplateMigrations,
  type MessageTemplateTables,
} from './pipeline/message-templates';
import { assignmentMigrations } from './pipeline/lead-assignment';

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
export { LEAD_FLOOD_LIMIT } from './capture/lead-capture';
export { spamPlugin } from './screening/spam-plugin';
export { secondsLeft, type AddressCounters } from './screening/address-counters';
// What the product says to the person: confirmation, reminders, unsubscribe, lost link.
export { personMessagesPlugin } from './messages/person-messages-plugin';
// A form posted without JavaScript hands its messages or prefill to the next page.
export { FlashStore, type FormFlashTables } from './capture/flash-store';
export { FormHandoff } from './capture/form-handoff';
export { wantsHtml } from './capture/html-form-posts';
export { INVALID_FIELDS_MESSAGE, validateBody } from './capture/lead-route';
export type { LeadCreatedPayload } from './store/lead-created';

// The record.
export type { LeadRecordTables, LeadTable } from './store/lead-tables';
export type {
  AdminLeadTables,
  CandidateLeadType,
  CompanyLeadType,
  CandidateListRow,
  CompanyListRow,
} from './store/listing-tables';
export { normalizeEmail } from './store/lead-email';
export { funnelLeadsQuery, placedByDayQuery, type FunnelDimension } from './store/lead-funnel';

// The team's desk: listing, search, one lead, overview figures, pipeline.
export { LeadDesk } from './lead-desk';
export { LeadListing, type Page } from './queries/lead-listing';
export { boardCardSchema, boardCardView, boardColumn } from './queries/lead-board';
export { Overview } from './queries/overview-figures';
export { decodeCursor, encodeCursor } from './queries/cursor';
export {
  errorBody,
  leadIdParams,
  candidateSchema,
  candidateView,
  companySchema,
  companyView,
  leadEmailSchema,
  leadEmailView,
} from './queries/lead-views';

// Export to CSV.
export { exportTabs, type ExportTab } from './export/export-tabs';
export { BOM, csvLines } from './export/csv';

// Pipeline: status, notes, history.
export { LeadPipeline } from './pipeline/lead-pipeline';
export {
  BULK_LIMIT,
  type BulkChange,
  type BulkChanges,
  type LeadSelection,
} from './pipeline/bulk-changes';
export type { PipelineTables, LeadActivityTable } from './pipeline/pipeline-tables';
export { eraseActivity, findActivity } from './pipeline/lead-activity';
// Stage-change messages (decision 155): the admin's template per lead type and status.
export { MessageTemplates, type MessageTemplateTables } from './pipeline/message-templates';
// Assignment (decision 162): who may hold leads, and setting the assignee of many at once (bulk).
export {
  assignLeads,
  findAssignee,
  listAssignees,
  type Assignee,
} from './pipeline/lead-assignment';

// Quarantine.
export {
  eraseQuarantined,
  findQuarantined,
  quarantineFigures,
  QUARANTINE_DAILY_LIMIT,
  QUARANTINE_DAYS,
  type LeadQuarantineTable,
  type LeadQuarantineTables,
} from './quarantine/lead-quarantine';

// A person: find and erase.
export {
  eraseSubmissions,
  findSubmissions,
  type LeadSubmissionsTable,
} from './store/lead-submissions';
export { eraseLeadRows, findLeadsByEmail, leadIdsNotUpdatedSince } from './people/lead-subject';
export { deleteStatusLinks, STATUS_PATH } from './people/status-link';

// The person's status page (issue 21): their proof, what it shows, what they may do.
export { leadProofKey } from './people/lead-proof';
export { StatusPage, type StatusAnswer } from './people/status-page';
