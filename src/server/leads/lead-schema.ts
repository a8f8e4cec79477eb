import type { MigrationSet } from '../platform/database/migration-runner';
import { formFlashMigrations, type FormFlashTables } from './workflows/capture/form-handoff';
import {
  addressCounterMigrations,
  type AddressCounterTables,
} from './workflows/screening/address-counters';
import { altchaUsedMigrations, type AltchaUsedTables } from './workflows/screening/altcha-proof';
import { leadRecordMigrations } from './records/migrations/create-lead-tables';
import type { LeadRecordTables } from './records/lead-tables';
import { adminListingMigrations } from './records/migrations/listing-migrations';
import type { AdminLeadTables } from './records/listing-tables';
import type { PipelineTables } from './records/pipeline-tables';
import { statusLinkMigrations, type StatusLinkTables } from './workflows/people/status-link';
import {
  mailboxSessionMigrations,
  type MailboxSessionTables,
} from './workflows/people/mailbox-session';
import { reminderMigrations, type ReminderTables } from './workflows/messages/candidate-reminders';
import { matchKeyMigrations } from './records/migrations/match-key-migrations';
import {
  messageTemplateMigrations,
  type MessageTemplateTables,
} from './workflows/pipeline/message-templates';
import { assignmentMigrations } from './workflows/pipeline/lead-assignment';
import type { LeadContactTables } from './records/lead-contacts';
import {
  mailAllowanceMigrations,
  type MailAllowanceTables,
} from './workflows/messages/mail-allowance';

/** Every table and column the lead context owns (database.ts types the connection with it). */
export type LeadTables = LeadRecordTables &
  AdminLeadTables &
  PipelineTables &
  AddressCounterTables &
  AltchaUsedTables &
  FormFlashTables &
  StatusLinkTables &
  MailboxSessionTables &
  ReminderTables &
  MessageTemplateTables &
  MailAllowanceTables &
  LeadContactTables;

export const leadMigrations: readonly MigrationSet[] = [
  leadRecordMigrations,
  adminListingMigrations,
  statusLinkMigrations,
  reminderMigrations,
  messageTemplateMigrations,
  matchKeyMigrations,
  assignmentMigrations,
  mailAllowanceMigrations,
  mailboxSessionMigrations,
];

export const leadEphemeralMigrations: readonly MigrationSet[] = [
  addressCounterMigrations,
  altchaUsedMigrations,
  formFlashMigrations,
];
