import type { ColumnDefinitionBuilder } from 'kysely';
import type { DialectName } from './migration-runner';

/**
 * The one column definition that differs between the databases: an integer primary key that
 * numbers rows by itself. On SQLite AUTOINCREMENT, so the id of a deleted row is never
 * handed out again.
 */
export const autoIncrementId =
  (dialect: DialectName) =>
  (column: ColumnDefinitionBuilder): ColumnDefinitionBuilder =>
    dialect === 'sqlite'
      ? column.primaryKey().autoIncrement()
      : column.primaryKey().generatedByDefaultAsIdentity();
