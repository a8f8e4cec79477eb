import { auditMigrations } from './admin/audit/audit-migrations';
import type { AuditTables } from './admin/audit/audit-tables';
import { adminAuthMigrations } from './admin/auth/auth-migrations';
import type { AdminAuthTables } from './admin/auth/auth-tables';
import { adminListingMigrations } from './admin/listing/listing-migrations';
import {
  figuresFreshnessMigrations,
  type FiguresFreshnessTables,
} from './admin/listing/figures-freshness';
import type { AdminLeadTables } from './admin/listing/listing-tables';
import { pipelineMigrations } from './admin/pipeline/pipeline-migrations';
import type { PipelineTables } from './admin/pipeline/pipeline-tables';
import {
  openDatabase as openPlatformDatabase,
  type DatabaseConnection,
  type DatabaseOptions,
} from './platform/database/connection';
import { formFlashMigrations, type FormFlashTables } from './platform/form-handoff/flash-store';
import { healthProbeMigrations, type HealthProbeTables } from './platform/database/health-probe';
import type { MigrationSet } from './platform/database/migration-runner';
import { outboxMigrations } from './platform/outbox/outbox-migrations';
import type { OutboxTables } from './platform/outbox/outbox-tables';
import { leadRecordMigrations } from './platform/lead-records/create-lead-tables';
import { submissionConsentMigrations } from './platform/lead-records/submission-consent';
import type { LeadRecordTables } from './platform/lead-records/lead-tables';
import { visitMigrations, type VisitTables } from './visits/visit-tables';
import { altchaUsedMigrations, type AltchaUsedTables } from './leads/screening/altcha-used';
import {
  addressCounterMigrations,
  type AddressCounterTables,
} from './leads/screening/address-counters';

/*
 * The whole database, composed from what each part owns: the lead record (platform) and the
 * admin's tables and columns. The server passes `migrations` to the database plugin; tests and
 * tools open the same database through `openDatabase`.
 */

/** Every table and column, for code that sees the whole database (tests, tools). */
export type Database = LeadRecordTables &
  AdminAuthTables &
  AuditTables &
  AdminLeadTables &
  PipelineTables &
  OutboxTables &
  HealthProbeTables &
  VisitTables &
  AddressCounterTables &
  FiguresFreshnessTables &
  FormFlashTables &
  AltchaUsedTables;

/** Every capability's migrations; the runner orders them by name. */
export const migrations: readonly MigrationSet[] = [
  leadRecordMigrations,
  adminAuthMigrations,
  auditMigrations,
  adminListingMigrations,
  pipelineMigrations,
  outboxMigrations,
  healthProbeMigrations,
  submissionConsentMigrations,
  visitMigrations,
  figuresFreshnessMigrations,
];

/**
 * The tables of rows a crash may forget (DatabaseConnection.ephemeral): UNLOGGED in the same
 * database on PostgreSQL, a file of their own beside SQLite's.
 */
export const ephemeralMigrations: readonly MigrationSet[] = [
  addressCounterMigrations,
  formFlashMigrations,
  altchaUsedMigrations,
];

/** Opens (and migrates) the configured database with every table typed. */
export function openDatabase(options: DatabaseOptions): Promise<DatabaseConnection<Database>> {
  return openPlatformDatabase<Database>({ ...options, migrations, ephemeralMigrations });
}
