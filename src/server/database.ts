import { adminMigrations } from './admin/admin-migrations';
import { bookingMigrations, type BookingTables } from './bookings';
import type { AuditTables } from './admin/audit/audit-tables';
import type { AdminFactorTables } from './admin/factors/factor-tables';
import type { AdminAuthTables } from './admin/auth/auth-tables';
import { leadEphemeralMigrations, leadMigrations, type LeadTables } from './leads';
import {
  openDatabase as openPlatformDatabase,
  type DatabaseConnection,
  type DatabaseOptions,
} from './platform/database/connection';
import { healthProbeMigrations, type HealthProbeTables } from './platform/database/health-probe';
import { inOrder, type MigrationSet } from './platform/database/migration-runner';
import { migrationOrder } from './migration-order';
import { outboxMigrations } from './platform/outbox/outbox-migrations';
import type { OutboxTables } from './platform/outbox/outbox-tables';
import { spendMigrations, type SpendTables } from './spend';
import { visitMigrations, type VisitTables } from './visits/visit-tables';

/** Every table and column, for code that sees the whole database (tests, tools). */
export type Database = LeadTables &
  AdminAuthTables &
  AdminFactorTables &
  AuditTables &
  OutboxTables &
  HealthProbeTables &
  VisitTables &
  SpendTables &
  BookingTables;

/** Every capability's migrations, each named in migration-order.ts. */
export const migrations: readonly MigrationSet[] = [
  inOrder(
    [
      ...leadMigrations,
      adminMigrations,
      outboxMigrations,
      healthProbeMigrations,
      visitMigrations,
      spendMigrations,
      bookingMigrations,
    ],
    migrationOrder,
  ),
];

/** Tables a crash may forget: UNLOGGED on PostgreSQL, a file of their own beside SQLite's. */
export const ephemeralMigrations: readonly MigrationSet[] = [
  inOrder(leadEphemeralMigrations, migrationOrder),
];

/** Opens (and migrates) the configured database with every table typed. */
export function openDatabase(
  options: Omit<DatabaseOptions, 'migrations'>,
): Promise<DatabaseConnection<Database>> {
  return openPlatformDatabase<Database>({ ...options, migrations, ephemeralMigrations });
}
