import type { ColumnDefinitionBuilder } from 'kysely';
import type { DialectName } from './migration-runner';

/** An integer primary key numbered by the database; on SQLite a deleted row's id never returns. */
export const autoIncrementId =
  (dialect: DialectName) =>
  (column: ColumnDefinitionBuilder): ColumnDefinitionBuilder =>
    dialect === 'sqlite'
      ? column.primaryKey().autoIncrement()
      : column.primaryKey().generatedByDefaultAsIdentity();
