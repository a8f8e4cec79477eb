import type { ColumnDefinitionBuilder } from 'kysely';
import type { DialectName } from './migration-runner';

/**
 * An integer primary key that numbers rows itself; AUTOINCREMENT on SQLite, so a deleted row's id
 * is never reused.
 */
export const autoIncrementId =
  (dialect: DialectName) =>
  (column: ColumnDefinitionBuilder): ColumnDefinitionBuilder =>
    dialect === 'sqlite'
      ? column.primaryKey().autoIncrement()
      : column.primaryKey().generatedByDefaultAsIdentity();
